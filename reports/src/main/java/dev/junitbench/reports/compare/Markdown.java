package dev.junitbench.reports.compare;

/**
 * Text from result files made inert in Markdown: no markup, link, mention or HTML can come of it.
 */
final class Markdown {

  /**
   * ASCII punctuation CommonMark lets a backslash escape, and that can start markup, HTML, a link
   * or a mention.
   */
  private static final String ESCAPED = "\\`*_{}[]()#+-.!|<>@=~&:\"'$";

  private Markdown() {}

  /**
   * {@code text} with every markup character backslash-escaped and line breaks turned into spaces.
   */
  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\n' || c == '\r' || c == '\t') {
        out.append(' ');
      } else if (ESCAPED.indexOf(c) >= 0) {
        out.append('\\').append(c);
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
