package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/** A rate: {@code value} per second in {@code unit}, such as {@code samples/s}. */
@API(status = EXPERIMENTAL, since = "0.1")
public record Throughput(Double value, String unit) {

  /** Unit of {@code throughput}: batch items per second. */
  public static final String SAMPLES_PER_SECOND = "samples/s";

  /** Unit of {@code throughput_tokens}: tokens per second, padding included. */
  public static final String TOKENS_PER_SECOND = "tokens/s";

  /**
   * Batch size x sequence length x count / sum of the latencies, in tokens/s (padding included).
   */
  public static Throughput tokensPerSecond(
      int batchSize, int sequenceLength, long[] samplesNs, int count) {
    Throughput samples = samplesPerSecond(batchSize, samplesNs, count);
    return new Throughput(
        samples.value() == null ? null : samples.value() * sequenceLength, TOKENS_PER_SECOND);
  }

  /**
   * {@code items} over {@code wallNs}: what several callers at once process per second, in
   * samples/s; null when no time passed.
   */
  public static Throughput overWall(double items, long wallNs) {
    return new Throughput(wallNs > 0 ? items / (wallNs / 1e9) : null, SAMPLES_PER_SECOND);
  }

  /**
   * Batch size x count / sum of the latencies: items a single caller processes per second. Null
   * when the latencies sum to zero (a clock too coarse to time the body).
   */
  public static Throughput samplesPerSecond(int batchSize, long[] samplesNs, int count) {
    long sum = 0;
    for (int i = 0; i < count; i++) {
      sum += samplesNs[i];
    }
    Double value = sum > 0 ? batchSize * (double) count / (sum / 1e9) : null;
    return new Throughput(value, SAMPLES_PER_SECOND);
  }
}
