package dev.junitbench.fork;

import dev.junitbench.results.Aggregation;
import java.util.Comparator;
import java.util.List;

/** A probe's figure joined across forks, as its probe declared. */
final class ProbeJoin {

  private ProbeJoin() {}

  /**
   * {@code numbers}, one a fork and at least one, joined by {@code aggregation}: a sum of whole
   * numbers stays whole, a maximum or minimum is the fork's number as it was.
   */
  static Number of(List<Number> numbers, Aggregation aggregation) {
    Comparator<Number> byValue = Comparator.comparingDouble(Number::doubleValue);
    return switch (aggregation) {
      case AVERAGE -> sum(numbers) / numbers.size();
      // Cast each side, or the conditional would widen a whole sum to a double.
      case SUM ->
          numbers.stream().allMatch(ProbeJoin::whole)
              ? (Number) numbers.stream().mapToLong(Number::longValue).sum()
              : (Number) sum(numbers);
      case MAX -> numbers.stream().max(byValue).orElseThrow();
      case MIN -> numbers.stream().min(byValue).orElseThrow();
    };
  }

  /** The sum in fork order. */
  private static double sum(List<Number> numbers) {
    double sum = 0;
    for (Number number : numbers) {
      sum += number.doubleValue();
    }
    return sum;
  }

  private static boolean whole(Number number) {
    return number instanceof Long
        || number instanceof Integer
        || number instanceof Short
        || number instanceof Byte;
  }
}
