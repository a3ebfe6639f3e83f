package dev.junitbench.engine;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A benchmark's dimensions, each a list of values (one null where a dimension is not declared), and
 * the custom params by name, in the order declared; expanded into the cartesian product of
 * scenarios, filtered by the run's configuration.
 */
public record Dimensions(
    List<Device> devices,
    List<Integer> batchSizes,
    List<Integer> sequenceLengths,
    List<String> providers,
    List<String> modes,
    List<Integer> threads,
    Map<String, List<String>> params) {

  /** The device a scenario declaring {@code device} and {@code provider} (may be null) runs on. */
  @FunctionalInterface
  public interface DeviceResolver {
    Device resolve(Device device, String provider);
  }

  /**
   * One scenario per combination of the values the run's filters keep.
   *
   * @throws BenchmarkConfigurationException when a filter removes every value of a dimension
   */
  public List<Scenario> scenarios(String benchmark, BenchConfig config, DeviceResolver resolver) {
    List<Device> keptDevices =
        filter(devices, config.deviceFilter(), BenchConfig.DEVICES, "devices", benchmark);
    List<Integer> keptBatchSizes =
        filter(
            batchSizes,
            config.batchSizeFilter(),
            BenchConfig.BATCH_SIZES,
            "batch sizes",
            benchmark);
    List<Integer> keptSequenceLengths =
        filter(
            sequenceLengths,
            config.sequenceLengthFilter(),
            BenchConfig.SEQUENCE_LENGTHS,
            "sequence lengths",
            benchmark);
    List<Scenario> scenarios = new ArrayList<>();
    for (Device device : keptDevices) {
      for (Integer batchSize : keptBatchSizes) {
        for (Integer sequenceLength : keptSequenceLengths) {
          for (String provider : providers) {
            for (String mode : modes) {
              for (Integer threadCount : threads) {
                for (Map<String, String> custom : product(params)) {
                  scenarios.add(
                      new Scenario(
                          benchmark,
                          device,
                          resolver.resolve(device, provider),
                          batchSize,
                          sequenceLength,
                          provider,
                          mode,
                          threadCount,
                          custom,
                          null));
                }
              }
            }
          }
        }
      }
    }
    return scenarios;
  }

  private static List<Map<String, String>> product(Map<String, List<String>> params) {
    List<Map<String, String>> combinations = new ArrayList<>();
    combinations.add(new LinkedHashMap<>());
    params.forEach(
        (name, values) -> {
          List<Map<String, String>> next = new ArrayList<>();
          for (Map<String, String> partial : combinations) {
            for (String value : values) {
              Map<String, String> extended = new LinkedHashMap<>(partial);
              extended.put(name, value);
              next.add(extended);
            }
          }
          combinations.clear();
          combinations.addAll(next);
        });
    return combinations;
  }

  private static <T> List<T> filter(
      List<T> declared,
      Optional<? extends Set<?>> allowed,
      String key,
      String noun,
      String benchmark) {
    if (allowed.isEmpty() || (declared.size() == 1 && declared.get(0) == null)) {
      return declared;
    }
    List<T> kept = declared.stream().filter(allowed.get()::contains).toList();
    if (kept.isEmpty()) {
      String shown =
          declared.stream()
              .map(v -> v instanceof Device d ? d.id() : String.valueOf(v))
              .collect(Collectors.joining(", ", "[", "]"));
      String filter =
          allowed.get().stream()
              .map(v -> v instanceof Device d ? d.id() : String.valueOf(v))
              .collect(Collectors.joining(","));
      throw new BenchmarkConfigurationException(
          "-D"
              + key
              + "="
              + filter
              + " removes every scenario of "
              + benchmark
              + " (its "
              + noun
              + ": "
              + shown
              + "); change the filter or leave it out");
    }
    return kept;
  }
}
