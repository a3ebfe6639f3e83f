package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.Aggregation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The figures a probe measured, in the order they are put: each a number, a short text, or null
 * with the reason. A probe fills its own group; only the built-in probes name another (the GPU
 * probe adds to the {@code memory}, {@code utilization} and {@code energy} groups). Figure names
 * are lower_snake_case with their unit last: {@code opened_files}, {@code read_mb}.
 *
 * <p>Each number says how it joins across forks ({@link Aggregation}): a peak is put with {@link
 * Aggregation#MAX}, a total over the measurement with {@link Aggregation#SUM}; a number put without
 * one is averaged ({@link #DEFAULT_AGGREGATION}).
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ProbeFigures {

  /** Where a figure goes when no group is named: the probe's own. */
  public static final String OWN = "";

  /** How a number put without an {@link Aggregation} joins across forks: the mean of the forks. */
  public static final Aggregation DEFAULT_AGGREGATION = Aggregation.AVERAGE;

  private final Map<String, Map<String, Object>> groups = new LinkedHashMap<>();
  private final Map<String, List<String>> problems = new LinkedHashMap<>();
  private final Map<String, Map<String, Aggregation>> aggregations = new LinkedHashMap<>();

  /**
   * Puts {@code value} (a number, or null when {@link #unavailable} says why) in the probe's own
   * group, averaged across forks ({@link #DEFAULT_AGGREGATION}).
   */
  public ProbeFigures put(String figure, Number value) {
    return put(OWN, figure, value, DEFAULT_AGGREGATION);
  }

  /**
   * Puts {@code value} (a number, or null when {@link #unavailable} says why) in the probe's own
   * group, joined across forks as {@code aggregation} says: {@code put("peak_rss_mb", peak,
   * Aggregation.MAX)}.
   */
  public ProbeFigures put(String figure, Number value, Aggregation aggregation) {
    return put(OWN, figure, value, aggregation);
  }

  /**
   * Puts {@code value} as figure {@code figure} of {@code group}, averaged across forks ({@link
   * #DEFAULT_AGGREGATION}).
   *
   * <p>For the built-in probes, which fill the {@code memory}, {@code utilization} and {@code
   * energy} groups: a probe of one's own that names a group not its own ({@link #OWN}, or its own
   * name) fails with that reason, and all its figures are left out.
   */
  @API(status = INTERNAL, since = "0.1")
  public ProbeFigures put(String group, String figure, Number value) {
    return put(group, figure, value, DEFAULT_AGGREGATION);
  }

  /**
   * Puts {@code value} as figure {@code figure} of {@code group}, joined across forks as {@code
   * aggregation} says.
   *
   * <p>For the built-in probes, which fill the {@code memory}, {@code utilization} and {@code
   * energy} groups: a probe of one's own that names a group not its own ({@link #OWN}, or its own
   * name) fails with that reason, and all its figures are left out.
   */
  @API(status = INTERNAL, since = "0.1")
  public ProbeFigures put(String group, String figure, Number value, Aggregation aggregation) {
    if (aggregation == null) {
      throw new IllegalArgumentException(
          "the figure "
              + figure
              + " is put with a null aggregation: pass one of "
              + Arrays.toString(Aggregation.values())
              + ", or put it without one for "
              + DEFAULT_AGGREGATION);
    }
    groups.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(figure, value);
    aggregations.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(figure, aggregation);
    return this;
  }

  /** Puts a short text (a source's name) in the probe's own group. */
  public ProbeFigures text(String figure, String value) {
    return text(OWN, figure, value);
  }

  /**
   * Puts a short text as figure {@code figure} of {@code group}.
   *
   * <p>For the built-in probes, which fill the {@code memory}, {@code utilization} and {@code
   * energy} groups: a probe of one's own that names a group not its own ({@link #OWN}, or its own
   * name) fails with that reason, and all its figures are left out.
   */
  @API(status = INTERNAL, since = "0.1")
  public ProbeFigures text(String group, String figure, String value) {
    groups.computeIfAbsent(group, g -> new LinkedHashMap<>()).put(figure, value);
    // A text is not joined across forks: the first fork's is kept.
    Map<String, Aggregation> declared = aggregations.get(group);
    if (declared != null) {
      declared.remove(figure);
    }
    return this;
  }

  /**
   * Says why {@code figures} (one name, or several: {@code "a, b"}) of the probe's own group are
   * null: written to the group's {@code unavailable_reason} as {@code figures: reason}.
   */
  public ProbeFigures unavailable(String figures, String reason) {
    return unavailable(OWN, figures, reason);
  }

  /**
   * Says why {@code figures} of {@code group} are null.
   *
   * <p>For the built-in probes, which fill the {@code memory}, {@code utilization} and {@code
   * energy} groups: a probe of one's own that names a group not its own ({@link #OWN}, or its own
   * name) fails with that reason, and all its figures are left out.
   */
  @API(status = INTERNAL, since = "0.1")
  public ProbeFigures unavailable(String group, String figures, String reason) {
    groups.computeIfAbsent(group, g -> new LinkedHashMap<>());
    problems.computeIfAbsent(group, g -> new ArrayList<>()).add(figures + ": " + reason);
    return this;
  }

  /** The figures by group ({@link #OWN} for the probe's own), each in the order put. */
  public Map<String, Map<String, Object>> groups() {
    return Collections.unmodifiableMap(groups);
  }

  /**
   * How each number of {@code group} ({@link #OWN} for the probe's own) joins across forks, by
   * figure, in the order put; a text has none.
   */
  public Map<String, Aggregation> aggregations(String group) {
    return Collections.unmodifiableMap(
        new LinkedHashMap<>(aggregations.getOrDefault(group, Map.of())));
  }

  /** Why figures of {@code group} are null, in the order said. */
  public List<String> problems(String group) {
    return List.copyOf(problems.getOrDefault(group, List.of()));
  }
}
