package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The known key an unknown one was probably meant to be, by edit distance (optimal string
 * alignment: an insertion, deletion, substitution or swap of two neighbours costs 1). A known key
 * is suggested when it is at most {@code max(2, n / 4)} edits away, n being the length of the
 * unknown key after {@code junit.bench.}; the closest wins, ties are all named. Failing that, known
 * keys that end with the whole unknown part ({@code junit.bench.alpha} for {@code
 * junit.bench.regression.alpha}) are named; failing that, the three nearest. Its distance is public
 * for junit-bench's Maven plugin, which suggests its own property names the same way.
 */
public final class Suggestions {

  private static final int NEAREST = 3;

  private Suggestions() {}

  /**
   * {@code did you mean junit.bench.baseline?}, or the nearest keys, for the unknown {@code key}.
   */
  static String forKey(String key, List<String> known) {
    // Every key starts with junit.bench., which adds nothing to a distance: compare what follows.
    String rest = key.substring(BenchConfig.PREFIX.length());
    List<String> candidates = new ArrayList<>(known);
    int dot = rest.indexOf('.');
    if (dot > 0 && distance(rest.substring(0, dot), "user") <= 1) {
      // junit.bench.usr.limit: a key of the user's own code, one letter off the reserved prefix.
      candidates.add(BenchConfig.USER_PREFIX.concat(rest.substring(dot + 1)));
    }
    int[] distances = new int[candidates.size()];
    int best = Integer.MAX_VALUE;
    for (int i = 0; i < distances.length; i++) {
      distances[i] = distance(rest, candidates.get(i).substring(BenchConfig.PREFIX.length()));
      best = Math.min(best, distances[i]);
    }
    List<String> named = new ArrayList<>();
    if (best <= Math.max(2, rest.length() / 4)) {
      for (int i = 0; i < distances.length; i++) {
        if (distances[i] == best) {
          named.add(candidates.get(i));
        }
      }
      return didYouMean(named);
    }
    String ending = ".".concat(rest);
    for (String candidate : candidates) {
      if (candidate.endsWith(ending)) {
        named.add(candidate);
      }
    }
    if (!named.isEmpty()) {
      return didYouMean(named);
    }
    Integer[] order = new Integer[distances.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    Arrays.sort(order, Comparator.comparingInt(i -> distances[i]));
    for (int i = 0; i < Math.min(NEAREST, order.length); i++) {
      named.add(candidates.get(order[i]));
    }
    return "no known key is close; the nearest are "
        + String.join(", ", named)
        + " (every key junit-bench reads is in the user guide's table, docs/configuration.adoc)";
  }

  /** {@code did you mean a?}, {@code did you mean a or b?}, {@code did you mean a, b or c?} */
  private static String didYouMean(List<String> keys) {
    StringBuilder text = new StringBuilder("did you mean ");
    for (int i = 0; i < keys.size(); i++) {
      text.append(i == 0 ? "" : i == keys.size() - 1 ? " or " : ", ").append(keys.get(i));
    }
    return text.append('?').toString();
  }

  /** The optimal string alignment distance between {@code a} and {@code b}. */
  public static int distance(CharSequence a, CharSequence b) {
    int n = a.length();
    int m = b.length();
    int[] before = new int[m + 1];
    int[] previous = new int[m + 1];
    int[] current = new int[m + 1];
    for (int j = 0; j <= m; j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= n; i++) {
      current[0] = i;
      for (int j = 1; j <= m; j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
        if (i > 1
            && j > 1
            && a.charAt(i - 1) == b.charAt(j - 2)
            && a.charAt(i - 2) == b.charAt(j - 1)) {
          d = Math.min(d, before[j - 2] + 1);
        }
        current[j] = d;
      }
      int[] oldest = before;
      before = previous;
      previous = current;
      current = oldest;
    }
    return previous[m];
  }
}
