package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The known key an unknown one was probably meant to be, by edit distance (optimal string
 * alignment: an insertion, deletion, substitution or swap of two neighbours costs 1). A known key
 * is suggested when it is at most {@code max(2, n / 4)} edits away, n being the length of the
 * unknown key after {@code junit.bench.}; the closest wins, ties are all named. Failing that, known
 * keys that end with the whole unknown part ({@code junit.bench.alpha} for
 * {@code junit.bench.regression.alpha}) are named; failing that, the three nearest.
 */
final class Suggestions {

  private static final int NEAREST = 3;

  private Suggestions() {}

  /** {@code did you mean junit.bench.baseline?}, or the nearest keys, for the unknown {@code key}. */
  static String forKey(String key, List<String> known) {
    String rest = key.substring(BenchConfig.PREFIX.length());
    List<String> candidates = new ArrayList<>(known);
    int dot = rest.indexOf('.');
    if (dot > 0 && distance(rest.substring(0, dot), "user") <= 1) {
      // junit.bench.usr.limit: a key of the user's own code, one letter off the reserved prefix.
      candidates.add(BenchConfig.USER_PREFIX + rest.substring(dot + 1));
    }
    int limit = Math.max(2, rest.length() / 4);
    int best = Integer.MAX_VALUE;
    List<String> closest = new ArrayList<>();
    List<Scored> scored = new ArrayList<>();
    for (String candidate : candidates) {
      int d = distance(key, candidate);
      scored.add(new Scored(candidate, d));
      if (d < best) {
        best = d;
        closest.clear();
      }
      if (d == best) {
        closest.add(candidate);
      }
    }
    if (best <= limit) {
      return "did you mean " + either(closest) + "?";
    }
    List<String> endings = candidates.stream().filter(candidate -> candidate.endsWith("." + rest)).toList();
    if (!endings.isEmpty()) {
      return "did you mean " + either(endings) + "?";
    }
    List<String> nearest = scored.stream().sorted(Comparator.comparingInt(Scored::distance))
        .limit(NEAREST).map(Scored::key).toList();
    return "no known key is close; the nearest are " + String.join(", ", nearest)
        + " (every key junit-bench reads is in the README's configuration table)";
  }

  private record Scored(String key, int distance) {}

  private static String either(List<String> keys) {
    return keys.size() == 1 ? keys.get(0)
        : String.join(", ", keys.subList(0, keys.size() - 1)) + " or " + keys.get(keys.size() - 1);
  }

  /** The optimal string alignment distance between {@code a} and {@code b}. */
  static int distance(CharSequence a, CharSequence b) {
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
        if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
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
