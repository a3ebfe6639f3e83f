package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.infra.Device;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The scenario a probe is about to measure.
 *
 * @param benchmark {@code fully.qualified.Class#method}
 * @param displayName the scenario's display name: {@code [device=cpu, batch_size=8]}
 * @param device where it runs
 * @param configuration the values the run sets for the keys the probe declares ({@link
 *     Probe#configurationKeys()}), as written; a key the run does not set is absent
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProbeScenario(
    String benchmark, String displayName, Device device, Map<String, String> configuration) {

  /** A scenario that sets none of the probe's keys. */
  public ProbeScenario(String benchmark, String displayName, Device device) {
    this(benchmark, displayName, device, Map.of());
  }

  /** Copies {@code configuration}: a probe cannot change what another is handed. */
  public ProbeScenario {
    configuration = Map.copyOf(configuration);
  }

  /** This scenario with {@code values} as the probe's configuration. */
  public ProbeScenario withConfiguration(Map<String, String> values) {
    return new ProbeScenario(benchmark, displayName, device, values);
  }
}
