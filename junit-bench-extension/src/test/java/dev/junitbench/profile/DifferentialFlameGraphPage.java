package dev.junitbench.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back a differential flame graph page as async-profiler writes it: the title, and each
 * frame's change, so a test can tell which frames the page shows as grown.
 *
 * @param title the page's heading
 * @param changes each frame's largest change over its places in the graph: the self weight it
 *     gained ({@link #NEW} for a frame the base lacks)
 */
public record DifferentialFlameGraphPage(String title, Map<String, Long> changes) {

  /** The change of a frame the base lacks: drawn yellow, as new. */
  public static final long NEW = Long.MAX_VALUE;

  /** Reads {@code page}. */
  public static DifferentialFlameGraphPage read(Path page) throws IOException {
    List<String> lines = Files.readAllLines(page, StandardCharsets.UTF_8);
    String title = "";
    List<String> names = new ArrayList<>();
    Map<String, Long> changes = new HashMap<>();
    int line = 0;
    for (; !lines.get(line).startsWith("const cpool"); line++) {
      if (lines.get(line).startsWith("<h1")) {
        String heading = lines.get(line);
        title = heading.substring(heading.indexOf('>') + 1, heading.lastIndexOf("</h1>"));
      }
    }
    for (line++; lines.get(line).startsWith("'"); line++) {
      String packed = unescape(lines.get(line).substring(1, lines.get(line).lastIndexOf('\'')));
      // The first name ('all') is whole; each other one starts with how much it shares with the
      // last.
      if (names.isEmpty()) {
        names.add(packed);
      } else {
        String previous = names.get(names.size() - 1);
        names.add(previous.substring(0, packed.charAt(0) - ' ') + packed.substring(1));
      }
    }
    while (!lines.get(line).startsWith("unpack(cpool)")) {
      line++;
    }
    long change = 0;
    for (line++; line < lines.size() && !lines.get(line).startsWith("</script>"); line++) {
      String frame = lines.get(line);
      if (frame.startsWith("d=")) {
        change = frame.equals("d=U") ? NEW : Long.parseLong(frame.substring(2));
      } else if (frame.length() > 2 && frame.charAt(1) == '(') {
        int end = frame.indexOf(',') > 0 ? frame.indexOf(',') : frame.indexOf(')');
        int key = Integer.parseInt(frame.substring(2, end));
        changes.merge(names.get(key >>> 3), change, Math::max);
      }
    }
    return new DifferentialFlameGraphPage(title, changes);
  }

  private static String unescape(String text) {
    return text.replace("\\'", "'").replace("\\\\", "\\");
  }
}
