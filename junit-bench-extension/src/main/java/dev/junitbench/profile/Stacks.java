package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * Profiled stacks in collapsed form, each with its weight: {@code main;Model.run;Tensor.add} and
 * its samples (bytes for {@code alloc}, nanoseconds for {@code lock}), frames outermost first, as
 * flame graphs are drawn from. Frames keep the converter's type suffix ({@code _[j]} compiled,
 * {@code _[i]} inlined, ...), which colours them.
 *
 * @param weights the weight of each stack
 */
@API(status = INTERNAL, since = "0.1")
public record Stacks(Map<String, Long> weights) {

  /** No stacks. */
  public static final Stacks NONE = new Stacks(Map.of());

  /** A copy that keeps the order of {@code weights}. */
  public Stacks {
    weights = Collections.unmodifiableMap(new LinkedHashMap<>(weights));
  }

  /** The weight of every stack together: the profile's samples. */
  public long total() {
    long total = 0;
    for (long weight : weights.values()) {
      total += weight;
    }
    return total;
  }

  /** These stacks and {@code other}'s in one set, the weights of a stack in both added. */
  public Stacks plus(Stacks other) {
    Map<String, Long> merged = new LinkedHashMap<>(weights);
    other.weights.forEach((stack, weight) -> merged.merge(stack, weight, Long::sum));
    return new Stacks(merged);
  }

  /** The stacks as collapsed text, one {@code stack weight} a line. */
  public String collapsed() {
    StringBuilder text = new StringBuilder();
    weights.forEach((stack, weight) -> text.append(stack).append(' ').append(weight).append('\n'));
    return text.toString();
  }

  /**
   * The stacks of collapsed {@code text}, one {@code stack weight} a line; a line that does not end
   * in a weight is skipped.
   */
  public static Stacks parse(String text) {
    Map<String, Long> weights = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      int space = line.lastIndexOf(' ');
      if (space <= 0) {
        continue;
      }
      try {
        long weight = Long.parseLong(line.substring(space + 1).strip());
        weights.merge(line.substring(0, space), weight, Long::sum);
      } catch (NumberFormatException e) {
        // Not a stack line.
      }
    }
    return new Stacks(weights);
  }
}
