package dev.junitbench.results;

/** A rate: {@code value} per second in {@code unit}, such as {@code samples/s}. */
public record Throughput(Double value, String unit) {

  /** Unit of {@code throughput}: batch items per second. */
  public static final String SAMPLES_PER_SECOND = "samples/s";

  /**
   * Batch size x count / sum of the latencies: items a single caller processes per second.
   * Null when the latencies sum to zero (a clock too coarse to time the body).
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
