package dev.junitbench.load;

import java.util.SplittableRandom;

/**
 * When the queries of a Server run are due, as MLPerf LoadGen schedules them: Poisson arrivals at a
 * target rate, the gaps drawn from a seeded exponential distribution and every intended start time
 * computed before the run, so the schedule does not bend to how fast the system answers. A Poisson
 * count varies by 1/sqrt(N): the rate actually scheduled is reported beside the target.
 *
 * @param targetQps the rate asked for, queries per second
 * @param seed the generator's seed
 * @param offsetsNs each query's intended start, ns after the run starts; the first is 0
 * @since 0.1.0
 */
public record PoissonSchedule(double targetQps, long seed, long[] offsetsNs) {

  /** Keeps its own copy: a schedule does not change once drawn. */
  public PoissonSchedule {
    offsetsNs = offsetsNs.clone();
  }

  /** A copy of the intended start times, ns after the run starts. */
  @Override
  public long[] offsetsNs() {
    return offsetsNs.clone();
  }

  /**
   * {@code queries} arrivals at {@code targetQps} from {@code seed}.
   *
   * @throws IllegalArgumentException when the rate is not positive and finite or there is no query
   */
  public static PoissonSchedule of(double targetQps, int queries, long seed) {
    if (!(targetQps > 0 && Double.isFinite(targetQps))) {
      throw new IllegalArgumentException(
          "the target rate must be a positive number of queries per second, was " + targetQps);
    }
    if (queries < 1) {
      throw new IllegalArgumentException("a schedule needs at least 1 query, was " + queries);
    }
    SplittableRandom random = new SplittableRandom(seed);
    long[] offsets = new long[queries];
    double meanGapNs = 1e9 / targetQps;
    double at = 0;
    for (int i = 1; i < queries; i++) {
      // Inverse transform: -ln(U) is exponential with mean 1; 1 - U keeps the logarithm finite.
      at += -Math.log(1 - random.nextDouble()) * meanGapNs;
      offsets[i] = Math.round(at);
    }
    return new PoissonSchedule(targetQps, seed, offsets);
  }

  /** Queries scheduled. */
  public int queries() {
    return offsetsNs.length;
  }

  /** From the first intended start to the last, ns. */
  public long spanNs() {
    return offsetsNs[offsetsNs.length - 1];
  }

  /** Intended start of query {@code index}, ns after the run starts. */
  public long offsetNs(int index) {
    return offsetsNs[index];
  }

  /**
   * The rate actually scheduled, queries per second: the gaps between starts over the span they
   * fill (N - 1 gaps; LoadGen's convention), or null with one query.
   */
  public Double scheduledQps() {
    return offsetsNs.length < 2 || spanNs() == 0 ? null : (offsetsNs.length - 1) / (spanNs() / 1e9);
  }
}
