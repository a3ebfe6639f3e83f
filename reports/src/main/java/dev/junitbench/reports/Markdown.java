package dev.junitbench.reports;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * Text from result files made inert in Markdown: no markup, link, mention or HTML can come of it,
 * and no direction override can reorder what follows it. The pull-request comment of {@code
 * compare} and the run's summary escape every name and value with it.
 */
@API(status = INTERNAL, since = "0.1")
public final class Markdown {

  /**
   * ASCII punctuation CommonMark lets a backslash escape, and that can start markup, HTML, a link
   * or a mention.
   */
  private static final String ESCAPED = "\\`*_{}[]()#+-.!|<>@=~&:\"'$";

  /** What ends a text cut short. */
  private static final String ELLIPSIS = "…";

  private Markdown() {}

  /**
   * {@code text} with every markup character backslash-escaped, line breaks and other control
   * characters turned into spaces, and the Unicode direction controls (which would reverse the rest
   * of a table row on screen) left out; right-to-left letters themselves stay.
   */
  public static String escape(String text) {
    return clean(text, true);
  }

  /**
   * {@code text} as one line of plain text: control characters turned into spaces and the Unicode
   * direction controls left out, as {@link #escape(String)} does, but no markup escaped: for a
   * sentence shown as text (the HTML report's summary line), where an override would reverse the
   * rest of the line.
   */
  public static String plain(String text) {
    return clean(text, false);
  }

  private static String clean(String text, boolean escapeMarkup) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (Character.isISOControl(c) || c == '\u2028' || c == '\u2029') {
        out.append(' ');
      } else if (escapeMarkup && ESCAPED.indexOf(c) >= 0) {
        out.append('\\').append(c);
      } else if (!directionControl(c)) {
        out.append(c);
      }
    }
    return out.toString();
  }

  /**
   * {@code text} escaped as {@link #escape(String)}, cut to at most {@code maxChars} characters of
   * the original (then ended by an ellipsis), so one value of ten thousand characters cannot fill a
   * comment that has a size limit.
   */
  public static String escape(String text, int maxChars) {
    return escape(cut(text, maxChars));
  }

  /**
   * {@code text} cut to at most {@code maxChars} characters, ended by an ellipsis when cut; never
   * between the halves of a surrogate pair.
   */
  public static String cut(String text, int maxChars) {
    if (text == null || text.length() <= maxChars) {
      return text;
    }
    int end = Math.max(0, maxChars - ELLIPSIS.length());
    if (end > 0 && Character.isHighSurrogate(text.charAt(end - 1))) {
      end--;
    }
    return text.substring(0, end) + ELLIPSIS;
  }

  /** The embeddings, overrides and marks of the Unicode bidirectional algorithm. */
  private static boolean directionControl(char c) {
    return (c >= '\u202A' && c <= '\u202E')
        || (c >= '\u2066' && c <= '\u2069')
        || c == '\u200E'
        || c == '\u200F'
        || c == '\u061C';
  }
}
