package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A scenario's figures against its {@code @Budget}: the limits as set (null where not set) and each
 * limit broken, in words.
 *
 * @param medianMs the median's limit, ms
 * @param p99Ms the p99's limit, ms
 * @param minThroughput the throughput's lower limit, samples/s
 * @param exceeded each broken limit ({@code median 12.10 ms > 10.00 ms}); empty when all were kept
 * @param maxAllocBytesPerOp the limit of the heap allocated per operation, bytes, or null
 * @param notChecked each limit that could not be checked, with why ({@code allocation: not checked,
 *     ...}); empty when every limit set was checked
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record BudgetCheck(
    Double medianMs,
    Double p99Ms,
    Double minThroughput,
    List<String> exceeded,
    Double maxAllocBytesPerOp,
    List<String> notChecked) {

  /** A check of the latency and throughput limits alone. */
  public BudgetCheck(Double medianMs, Double p99Ms, Double minThroughput, List<String> exceeded) {
    this(medianMs, p99Ms, minThroughput, exceeded, null, List.of());
  }

  /** Whether a limit was broken. */
  public boolean broken() {
    return exceeded != null && !exceeded.isEmpty();
  }
}
