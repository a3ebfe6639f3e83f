package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.StringJoiner;
import org.apiguardian.api.API;

/**
 * One combination of a benchmark's dimensions: the device, batch size, sequence length, execution
 * provider, mode, thread count and custom params of one invocation. Injected into the benchmark
 * method and into {@code @BeforeEach} and {@code @AfterEach} methods, which run once per scenario
 * outside timing: build inputs there.
 *
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public final class Scenario {

  /** Parameter name of the device in display names and result files. */
  public static final String DEVICE = "device";

  /** Parameter name of the device {@link Device#AUTO} resolved to. */
  public static final String DEVICE_RESOLVED = "device_resolved";

  /** Parameter name of the batch size. */
  public static final String BATCH_SIZE = "batch_size";

  /** Parameter name of the sequence length. */
  public static final String SEQUENCE_LENGTH = "sequence_length";

  /** Parameter name of the execution provider. */
  public static final String PROVIDER = "provider";

  /** Parameter name of the execution mode. */
  public static final String MODE = "mode";

  /** Parameter name of the intra-op thread count. */
  public static final String THREADS = "threads";

  private final String benchmark;
  private final Device requestedDevice;
  private final Device device;
  private final Integer batchSize;
  private final Integer sequenceLength;
  private final String provider;
  private final String mode;
  private final Integer threads;
  private final Map<String, String> custom;
  private final LoadPoint load;

  /** A scenario of {@code benchmark}: the extension makes one per combination of its dimensions. */
  public Scenario(
      String benchmark,
      Device requestedDevice,
      Device device,
      Integer batchSize,
      Integer sequenceLength,
      String provider,
      String mode,
      Integer threads,
      Map<String, String> custom,
      LoadPoint load) {
    this.benchmark = benchmark;
    this.load = load;
    this.requestedDevice = requestedDevice;
    this.device = device;
    this.batchSize = batchSize;
    this.sequenceLength = sequenceLength;
    this.provider = provider;
    this.mode = mode;
    this.threads = threads;
    this.custom = Collections.unmodifiableMap(new LinkedHashMap<>(custom));
  }

  /** The device to run on: the declared one, or the one {@link Device#AUTO} resolved to. */
  public Device device() {
    return device;
  }

  /** The device as declared in {@link dev.junitbench.Devices}, {@link Device#AUTO} included. */
  public Device requestedDevice() {
    return requestedDevice;
  }

  /** The batch size from {@link dev.junitbench.BatchSizes}; 1 when the benchmark declares none. */
  public int batchSize() {
    return batchSize == null ? 1 : batchSize;
  }

  /**
   * The sequence length from {@link dev.junitbench.SequenceLengths}.
   *
   * @throws IllegalStateException when the benchmark declares no {@code @SequenceLengths}
   */
  public int sequenceLength() {
    if (sequenceLength == null) {
      throw new IllegalStateException(
          benchmark
              + " declares no @SequenceLengths; add @SequenceLengths({128}) to it or its class");
    }
    return sequenceLength;
  }

  /**
   * The execution provider from {@link dev.junitbench.Providers}, or empty for the device's
   * default.
   */
  public Optional<String> provider() {
    return Optional.ofNullable(provider);
  }

  /** The execution mode from {@link dev.junitbench.Modes}, or empty for the backend's default. */
  public Optional<String> mode() {
    return Optional.ofNullable(mode);
  }

  /**
   * The intra-op thread count from {@link dev.junitbench.Threads}, or empty for the backend's
   * default.
   */
  public OptionalInt threads() {
    return threads == null ? OptionalInt.empty() : OptionalInt.of(threads);
  }

  /** This scenario under {@code newLoad}. */
  public Scenario withLoad(LoadPoint newLoad) {
    return new Scenario(
        benchmark,
        requestedDevice,
        device,
        batchSize,
        sequenceLength,
        provider,
        mode,
        threads,
        custom,
        newLoad);
  }

  /**
   * The load from {@link dev.junitbench.Load}, or empty for a benchmark without it (measured as
   * SingleStream).
   */
  public Optional<LoadPoint> load() {
    return Optional.ofNullable(load);
  }

  /** Whether the benchmark declares {@link dev.junitbench.SequenceLengths}. */
  public boolean hasSequenceLength() {
    return sequenceLength != null;
  }

  /**
   * The value of the custom {@link dev.junitbench.Param} called {@code name}.
   *
   * @throws IllegalArgumentException naming the declared params when there is no such param
   */
  public String param(String name) {
    String value = custom.get(name);
    if (value == null) {
      throw new IllegalArgumentException(
          benchmark + " has no @Param named '" + name + "'; declared: " + custom.keySet());
    }
    return value;
  }

  /**
   * All parameters that apply, in display order: {@code device} (and {@code device_resolved} where
   * {@link Device#AUTO} chose), {@code batch_size}, {@code sequence_length}, {@code provider},
   * {@code mode}, {@code threads}, the load ({@code load} and what it adds: {@code target_qps},
   * {@code clients}, {@code samples_per_query}), then custom params. Numbers are {@link Integer}s,
   * everything else {@link String}s.
   */
  public Map<String, Object> parameters() {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put(DEVICE, requestedDevice.id());
    if (requestedDevice != device) {
      params.put(DEVICE_RESOLVED, device.id());
    }
    if (batchSize != null) {
      params.put(BATCH_SIZE, batchSize);
    }
    if (sequenceLength != null) {
      params.put(SEQUENCE_LENGTH, sequenceLength);
    }
    if (provider != null) {
      params.put(PROVIDER, provider);
    }
    if (mode != null) {
      params.put(MODE, mode);
    }
    if (threads != null) {
      params.put(THREADS, threads);
    }
    if (load != null) {
      params.putAll(load.parameters());
    }
    params.putAll(custom);
    return params;
  }

  /** The display name of this scenario's invocation: {@code [device=cpu, batch_size=8]}. */
  public String displayName() {
    StringJoiner joiner = new StringJoiner(", ", "[", "]");
    parameters()
        .forEach(
            (name, value) -> {
              if (!DEVICE_RESOLVED.equals(name)) {
                joiner.add(name + "=" + value);
              }
            });
    return joiner.toString();
  }

  @Override
  public String toString() {
    return benchmark + " " + displayName();
  }
}
