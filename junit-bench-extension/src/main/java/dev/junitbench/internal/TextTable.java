package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * A plain-text table within a width: columns padded to fit, numbers right-aligned, and, when the
 * table is too wide, the columns marked shrinkable cut to make room ({@code ...} marks a cut). The
 * console's summary and the reports' text both use it.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class TextTable {

  private final List<String> header;
  private final boolean[] rightAligned;
  private final boolean[] shrinkable;
  private final List<List<String>> rows = new ArrayList<>();

  /** A table with {@code header}; {@code rightAligned} and {@code shrinkable} per column. */
  public TextTable(List<String> header, boolean[] rightAligned, boolean[] shrinkable) {
    this.header = List.copyOf(header);
    this.rightAligned = rightAligned.clone();
    this.shrinkable = shrinkable.clone();
  }

  /** Adds a row of as many cells as the header has. */
  public TextTable row(List<String> cells) {
    if (cells.size() != header.size()) {
      throw new IllegalArgumentException(
          "a row of " + cells.size() + " cells for " + header.size() + " columns");
    }
    rows.add(List.copyOf(cells));
    return this;
  }

  /** The lines, each indented by {@code indent} and at most {@code width} long. */
  public List<String> render(String indent, int width) {
    int columns = header.size();
    int[] widths = new int[columns];
    List<List<String>> all = new ArrayList<>();
    all.add(header);
    all.addAll(rows);
    for (List<String> row : all) {
      for (int i = 0; i < columns; i++) {
        widths[i] = Math.max(widths[i], row.get(i).length());
      }
    }
    int total = indent.length() + 2 * (columns - 1);
    for (int w : widths) {
      total += w;
    }
    while (total > width) {
      int widest = -1;
      for (int i = 0; i < columns; i++) {
        if (shrinkable[i] && widths[i] > 4 && (widest < 0 || widths[i] > widths[widest])) {
          widest = i;
        }
      }
      if (widest < 0) {
        break;
      }
      widths[widest]--;
      total--;
    }
    List<String> lines = new ArrayList<>();
    for (List<String> row : all) {
      StringBuilder line = new StringBuilder(indent);
      for (int i = 0; i < columns; i++) {
        String cell = cut(row.get(i), widths[i]);
        String pad = " ".repeat(widths[i] - cell.length());
        line.append(rightAligned[i] ? pad + cell : cell + (i == columns - 1 ? "" : pad));
        if (i < columns - 1) {
          line.append("  ");
        }
      }
      lines.add(line.toString().stripTrailing());
    }
    return lines;
  }

  /** {@code text}, cut to {@code width} with {@code ...} when longer. */
  public static String cut(String text, int width) {
    return text.length() <= width ? text : text.substring(0, Math.max(0, width - 3)) + "...";
  }

  /**
   * {@code text} as lines of at most {@code width}, broken between words, continuation lines
   * indented; a single word longer than a line (a path) is kept whole on a line of its own.
   */
  public static List<String> wrap(String text, String indent, String continuation, int width) {
    List<String> lines = new ArrayList<>();
    StringBuilder line = new StringBuilder(indent);
    boolean empty = true;
    for (String word : text.split(" ")) {
      if (!empty && line.length() + 1 + word.length() > width) {
        lines.add(line.toString());
        line = new StringBuilder(continuation);
        empty = true;
      }
      if (!empty) {
        line.append(' ');
      }
      line.append(word);
      empty = false;
    }
    lines.add(line.toString());
    return lines;
  }
}
