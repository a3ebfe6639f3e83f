package dev.junitbench.results;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The raw data of a JMH benchmark entry, fork by fork, in ms per operation: each iteration's score
 * ({@code rawData}), or in sample mode each sampled operation's time ({@code rawDataHistogram}, a
 * value and how often it was seen, per iteration).
 */
final class JmhRawData {

  private JmhRawData() {}

  /**
   * One fork: its values ({@code values}: iterations, or sample mode's sampled operations) and its
   * iterations' scores ({@code iterations}: the same values, or each sample-mode iteration's mean,
   * as JMH scores it), in ms per operation.
   */
  record Fork(WeightedValues values, WeightedValues iterations) {}

  /**
   * Each fork's values, in fork order.
   *
   * @throws ResultFileException naming {@code where}, the fork and the iteration of a value that is
   *     missing, not a number, NaN, infinite, or not above 0
   */
  static List<Fork> forks(String where, JsonNode primary, String mode, JmhUnit unit)
      throws ResultFileException {
    JsonNode histogram = primary.get("rawDataHistogram");
    boolean sampled = "sample".equals(mode) && histogram != null && histogram.isArray();
    JsonNode forks = sampled ? histogram : primary.get("rawData");
    String field = sampled ? "rawDataHistogram" : "rawData";
    if (forks == null || !forks.isArray() || forks.isEmpty()) {
      throw new ResultFileException(
          where
              + " has no primaryMetric."
              + field
              + " (its forks' iterations), so there is nothing to compare; JMH writes it in"
              + " every result file: give the file JMH wrote, not one rewritten without it");
    }
    List<Fork> out = new ArrayList<>();
    long total = 0;
    for (int f = 0; f < forks.size(); f++) {
      JsonNode iterations = forks.get(f);
      String fork = "fork " + (f + 1);
      if (!iterations.isArray() || iterations.isEmpty()) {
        throw new ResultFileException(
            where
                + " has no iterations in "
                + fork
                + " of primaryMetric."
                + field
                + "; the file is damaged: give the file JMH wrote");
      }
      List<Double> values = new ArrayList<>();
      List<Long> counts = new ArrayList<>();
      List<Double> scores = new ArrayList<>();
      for (int i = 0; i < iterations.size(); i++) {
        String at = fork + ", iteration " + (i + 1);
        JsonNode iteration = iterations.get(i);
        if (sampled) {
          if (!iteration.isArray()) {
            throw notPairs(where, at);
          }
          // A running mean: value x count may overflow, the mean stays within the values.
          double mean = 0;
          long seen = 0;
          for (JsonNode pair : iteration) {
            if (!pair.isArray()
                || pair.size() != 2
                || !pair.get(1).isIntegralNumber()
                || !pair.get(1).canConvertToLong()) {
              throw notPairs(where, at);
            }
            long count = pair.get(1).asLong();
            if (count < 1 || count > Long.MAX_VALUE - total) {
              throw notPairs(where, at);
            }
            total += count;
            double value = msPerOp(where, at, unit, pair.get(0));
            values.add(value);
            counts.add(count);
            seen += count;
            mean += (value - mean) * ((double) count / seen);
          }
          if (seen > 0) {
            scores.add(mean);
          }
        } else {
          double value = msPerOp(where, at, unit, iteration);
          values.add(value);
          counts.add(1L);
          scores.add(value);
          total++;
        }
      }
      if (values.isEmpty()) {
        throw notPairs(where, fork);
      }
      List<Long> ones = new ArrayList<>();
      scores.forEach(score -> ones.add(1L));
      out.add(new Fork(weighted(values, counts), weighted(scores, ones)));
    }
    return out;
  }

  /** All forks' values as one. */
  static WeightedValues pooled(List<Fork> forks) {
    int size = forks.stream().mapToInt(f -> f.values().size()).sum();
    double[] values = new double[size];
    long[] counts = new long[size];
    int at = 0;
    for (WeightedValues fork : forks.stream().map(Fork::values).toList()) {
      for (int i = 0; i < fork.size(); i++, at++) {
        values[at] = fork.value(i);
        counts[at] = fork.countOf(i);
      }
    }
    return WeightedValues.of(values, counts, size);
  }

  private static WeightedValues weighted(List<Double> values, List<Long> counts) {
    double[] each = new double[values.size()];
    long[] times = new long[values.size()];
    for (int i = 0; i < each.length; i++) {
      each[i] = values.get(i);
      times[i] = counts.get(i);
    }
    return WeightedValues.of(each, times, each.length);
  }

  private static ResultFileException notPairs(String where, String at) {
    return new ResultFileException(
        where
            + " has a sample histogram in "
            + at
            + " that is not a list of [time, count] pairs with counts of 1 or more (all of them"
            + " adding up to less than 2^63); the file is damaged: give the file JMH wrote");
  }

  /**
   * A score of the raw data in ms per operation, checked: a positive, finite number before and
   * after the conversion (a throughput of 1e-320 ops/ns is no time a double holds).
   */
  private static double msPerOp(String where, String at, JmhUnit unit, JsonNode node)
      throws ResultFileException {
    double score = value(where, at, node);
    double ms = unit.msPerOp(score);
    if (!(ms > 0 && Double.isFinite(ms))) {
      throw new ResultFileException(
          where
              + " has a score of "
              + score
              + " in "
              + at
              + ", which is "
              + ms
              + " ms per operation: no measurement gives one; the file is damaged: give the file"
              + " JMH wrote");
    }
    return ms;
  }

  /** A score of the raw data, checked: a positive, finite number. */
  private static double value(String where, String at, JsonNode node) throws ResultFileException {
    Double number = number(node);
    if (number == null) {
      String text = node == null ? "nothing" : node.isTextual() ? node.asText() : node.toString();
      boolean nan = text.toLowerCase(Locale.ROOT).contains("nan");
      boolean infinite = text.toLowerCase(Locale.ROOT).contains("inf");
      if (nan || infinite || (node != null && node.isNumber())) {
        throw new ResultFileException(
            where
                + " has "
                + (nan ? "a score of NaN" : "an infinite score")
                + " in "
                + at
                + ": JMH writes one where an iteration measured nothing it could divide (no"
                + " operation completed, or a clock that did not move); run the benchmark again"
                + " with longer iterations, or leave it out of the file");
      }
      throw new ResultFileException(
          where
              + " has \""
              + text.replaceAll("\\p{Cntrl}", "?")
              + "\" where a score belongs in "
              + at
              + "; the file is damaged: give the file JMH wrote");
    }
    if (!(number > 0)) {
      throw new ResultFileException(
          where
              + " has a score of "
              + number
              + " in "
              + at
              + ": a time or a throughput must be above 0 to take a ratio of it (a body faster"
              + " than the clock measures 0: give it more work)");
    }
    return number;
  }

  /**
   * A JSON number as a finite double, or null: NaN and the infinities, bare or quoted as JMH writes
   * them, text and anything else.
   */
  static Double number(JsonNode node) {
    if (node == null || !node.isNumber()) {
      return null;
    }
    double value = node.asDouble();
    return Double.isFinite(value) ? value : null;
  }
}
