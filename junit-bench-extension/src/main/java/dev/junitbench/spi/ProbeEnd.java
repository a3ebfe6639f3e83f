package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a probe knows when the measurement ends.
 *
 * @param items the measured calls times the batch size: divide a total by it for one inference
 * @param wallNs the measurement's wall time, ns
 * @param earlier the figures of the probes that ended before this one, by group and figure name
 *     (the energy probe adds the GPU's power draw, which the GPU probe measured)
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProbeEnd(long items, long wallNs, Map<String, Map<String, Object>> earlier) {

  /** An earlier probe's figure {@code figure} of {@code group}, or null when none was measured. */
  public Double figure(String group, String figure) {
    Map<String, Object> figures = earlier.get(group);
    return figures != null && figures.get(figure) instanceof Number number
        ? number.doubleValue()
        : null;
  }
}
