package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.infra.Device;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import org.apiguardian.api.API;

/**
 * The one place that reads junit-bench's configuration parameters ({@code -D} on the Maven command
 * line, which Surefire passes to the test JVM, or {@code junit-platform.properties}). Values are
 * parsed when asked for; a bad value throws {@link BenchmarkConfigurationException} naming the
 * parameter and what it accepts.
 */
@API(status = INTERNAL, since = "0.1")
public final class BenchConfig {

  /** Folder that holds the run folders. */
  public static final String OUTPUT_DIR = "junit.bench.output.dir";

  /** Replaces every benchmark's warm-up rule with this many iterations. */
  public static final String WARMUP_ITERATIONS = "junit.bench.warmup.iterations";

  /** Replaces every benchmark's warm-up rule with this duration. */
  public static final String WARMUP_TIME = "junit.bench.warmup.time";

  /** Replaces every benchmark's measurement rule with this many iterations. */
  public static final String MEASUREMENT_ITERATIONS = "junit.bench.measurement.iterations";

  /** Replaces every benchmark's measurement rule with this duration. */
  public static final String MEASUREMENT_TIME = "junit.bench.measurement.time";

  /** Runs only the scenarios on these devices ({@code cpu,cuda}). */
  public static final String DEVICES = "junit.bench.devices";

  /** Runs only the scenarios with these batch sizes ({@code 1,8}). */
  public static final String BATCH_SIZES = "junit.bench.batch-sizes";

  /** Runs only the scenarios with these sequence lengths ({@code 128}). */
  public static final String SEQUENCE_LENGTHS = "junit.bench.sequence-lengths";

  /** {@code false} turns off the progress lines on stderr. */
  public static final String PROGRESS = "junit.bench.progress";

  /**
   * {@code true} lists every scenario (and its model) as skipped, loading and measuring nothing.
   */
  public static final String DRY_RUN = "junit.bench.dry-run";

  /** {@code false} leaves the host name out of results.json. */
  public static final String HOST_INCLUDE_NAME = "junit.bench.host.include-name";

  /** {@code false} turns the resource sampler off. */
  public static final String SAMPLING_ENABLED = "junit.bench.sampling.enabled";

  /** How often the resource sampler reads ({@code 50ms}; at least 10 ms). */
  public static final String SAMPLING_INTERVAL = "junit.bench.sampling.interval";

  /**
   * Profile every benchmark's measurement: {@code cpu}, {@code alloc}, {@code wall}, {@code lock},
   * or {@code off} (not even those annotated {@code @Profile}).
   */
  public static final String PROFILE = "junit.bench.profile";

  /** The sampling interval of a cpu or wall profile ({@code 10ms}). */
  public static final String PROFILE_INTERVAL = "junit.bench.profile.interval";

  /** Which profiler records: {@code async-profiler} (else JDK Flight Recorder) or {@code jfr}. */
  public static final String PROFILE_PROFILER = "junit.bench.profile.profiler";

  /** The nvidia-smi command: a name on the PATH or a path. */
  public static final String NVIDIA_SMI = "junit.bench.nvidia-smi";

  /** The powercap folder energy counters are read from. */
  public static final String POWERCAP_ROOT = "junit.bench.powercap.root";

  /** The cgroup folder container limits are read from. */
  public static final String CGROUP_ROOT = "junit.bench.cgroup.root";

  /**
   * A run folder (or its results.json) each scenario is compared with, right after it is measured.
   */
  public static final String BASELINE = "junit.bench.baseline";

  /**
   * When the gate calls the heap allocated per operation regressed: {@code 5%} or {@code 5%,64B}
   * (more by over 5% and by at least 64 bytes per operation).
   */
  public static final String ALLOC_THRESHOLD = "junit.bench.regression.alloc-threshold";

  /** The noise threshold of the regression gate: {@code 5%} or {@code 0.05}. */
  public static final String REGRESSION_THRESHOLD = "junit.bench.regression.threshold";

  /** The significance level of the regression gate: {@code 0.01}. */
  public static final String REGRESSION_ALPHA = "junit.bench.regression.alpha";

  /**
   * Replaces every benchmark's fork count ({@code @Fork}) for a run: 0 measures in the JUnit JVM,
   * {@code auto} forks until the answer is known ({@link ForkSettings}).
   */
  public static final String FORKS = "junit.bench.forks";

  /**
   * JVM options appended to every fork's, after {@code @Fork(jvmArgs)}: {@code -Xmx2g "-Dname=a
   * b"}.
   */
  public static final String FORKS_JVM_ARGS = "junit.bench.forks.jvm-args";

  /** The java executable forks start: by default the JUnit JVM's own. */
  public static final String FORKS_JAVA = "junit.bench.forks.java";

  /** How long one fork may take, start-up to hand-back, before it is stopped: {@code 30m}. */
  public static final String FORKS_TIMEOUT = "junit.bench.forks.timeout";

  /**
   * Set by the JUnit JVM in a fork's own configuration, never by users: {@code
   * fork/forks/scenario}, which fork of how many measures which scenario (its index in the
   * benchmark's expansion).
   */
  public static final String FORK_CHILD = "junit.bench.fork.child";

  /**
   * A run with fewer measured queries per scenario is flagged INVALID (MLPerf's min_query_count).
   */
  public static final String VALIDITY_MIN_QUERIES = "junit.bench.validity.min-queries";

  /** A run measured for less time per scenario is flagged INVALID (MLPerf's min_duration). */
  public static final String VALIDITY_MIN_DURATION = "junit.bench.validity.min-duration";

  /**
   * A history store the run imports itself into when it ends (a DuckDB file or a JDBC URL; user and
   * password only from the environment, JUNIT_BENCH_HISTORY_USER and JUNIT_BENCH_HISTORY_PASSWORD):
   * done by junit-bench-reports' history format, with the store's JDBC driver on the test class
   * path.
   */
  public static final String HISTORY_DB = "junit.bench.history.db";

  /** The host label a run is kept under in the history store; default: the host's name. */
  public static final String HISTORY_HOST = "junit.bench.history.host";

  /** Prefix of the switches of result formats: {@code junit.bench.format.html=false}. */
  public static final String FORMAT_PREFIX = "junit.bench.format.";

  /**
   * {@code fail} (default): a {@code junit.bench.*} key nobody knows fails the run; {@code warn}: a
   * warning.
   */
  public static final String UNKNOWN_KEYS = "junit.bench.unknown-keys";

  /**
   * With a baseline, {@code any} (default) or {@code all} of the scenarios must be judged by it.
   */
  public static final String BASELINE_MATCH = "junit.bench.baseline.match";

  /** Every key junit-bench, its probes and its result formats read starts with this. */
  public static final String PREFIX = "junit.bench.";

  /** Keys of a user's own benchmark code: never checked against the known keys. */
  public static final String USER_PREFIX = "junit.bench.user.";

  private final Function<String, Optional<String>> lookup;

  private BenchConfig(Function<String, Optional<String>> lookup) {
    this.lookup = lookup;
  }

  /**
   * Every key junit-bench itself reads, in the order of {@link ConfigurationKeys#TABLE}, {@link
   * #FORK_CHILD} last; {@code junit.bench.format.<name>} and the keys probes and formats declare
   * are not among them.
   */
  public static List<String> keys() {
    List<String> keys = new ArrayList<>();
    ConfigurationKeys.TABLE.forEach(row -> keys.add(row.key()));
    keys.add(FORK_CHILD);
    return List.copyOf(keys);
  }

  /**
   * The configuration read through {@code lookup}, such as {@code
   * ExtensionContext::getConfigurationParameter}.
   */
  public static BenchConfig of(Function<String, Optional<String>> lookup) {
    return new BenchConfig(lookup);
  }

  /** The value of {@code key}, trimmed; empty when not set or blank. */
  Optional<String> get(String key) {
    return lookup.apply(key).map(String::trim).filter(value -> !value.isEmpty());
  }

  /**
   * The value of {@code key}, a key a probe or result format declares, trimmed; empty when not set.
   *
   * @throws IllegalArgumentException when {@code key} does not start with {@link #PREFIX}
   */
  public Optional<String> declared(String key) {
    if (!key.startsWith(PREFIX)) {
      throw new IllegalArgumentException(
          key + " is not a junit-bench key: it must start with " + PREFIX);
    }
    return get(key);
  }

  /** The folder that holds the run folders. */
  public Path outputDir() {
    return Path.of(get(OUTPUT_DIR).orElse(Defaults.OUTPUT_DIR));
  }

  /** Whether progress lines are printed. */
  public boolean progress() {
    return get(PROGRESS)
        .map(value -> SettingParsers.parseBoolean(PROGRESS, value))
        .orElse(Defaults.PROGRESS);
  }

  /** Whether this is a dry run: scenarios listed, nothing loaded or measured. */
  public boolean dryRun() {
    return get(DRY_RUN).map(value -> SettingParsers.parseBoolean(DRY_RUN, value)).orElse(false);
  }

  /** Whether results.json records the host name. */
  public boolean hostIncludeName() {
    return get(HOST_INCLUDE_NAME)
        .map(value -> SettingParsers.parseBoolean(HOST_INCLUDE_NAME, value))
        .orElse(Defaults.HOST_INCLUDE_NAME);
  }

  /** Whether resources are sampled during each measurement. */
  public boolean samplingEnabled() {
    return get(SAMPLING_ENABLED)
        .map(value -> SettingParsers.parseBoolean(SAMPLING_ENABLED, value))
        .orElse(Defaults.SAMPLING_ENABLED);
  }

  /** How often the sampler reads; at least {@link Defaults#SAMPLING_INTERVAL_MIN}. */
  public Duration samplingInterval() {
    return get(SAMPLING_INTERVAL)
        .map(
            value -> {
              Duration interval = Durations.parse(value, "-D" + SAMPLING_INTERVAL);
              if (interval.compareTo(Defaults.SAMPLING_INTERVAL_MIN) < 0) {
                throw new BenchmarkConfigurationException(
                    "-D"
                        + SAMPLING_INTERVAL
                        + "="
                        + value
                        + " is not valid; use "
                        + Defaults.SAMPLING_INTERVAL_MIN.toMillis()
                        + "ms or more (sampling more often costs more than it tells)");
              }
              return interval;
            })
        .orElse(Defaults.SAMPLING_INTERVAL);
  }

  /** The nvidia-smi command. */
  public String nvidiaSmi() {
    return get(NVIDIA_SMI).orElse(Defaults.NVIDIA_SMI);
  }

  /** The powercap folder. */
  public Path powercapRoot() {
    return Path.of(get(POWERCAP_ROOT).orElse(Defaults.POWERCAP_ROOT));
  }

  /** The cgroup folder. */
  public Path cgroupRoot() {
    return Path.of(get(CGROUP_ROOT).orElse(Defaults.CGROUP_ROOT));
  }

  /** The baseline to compare each scenario with, when the run names one. */
  public Optional<Path> baseline() {
    return get(BASELINE).map(Path::of);
  }

  /** Which scenarios a baseline must judge: {@code any} (default) or {@code all}. */
  public BaselineMatch baselineMatch() {
    return get(BASELINE_MATCH).map(SettingParsers::baselineMatch).orElse(BaselineMatch.ANY);
  }

  /**
   * Whether a key nobody knows is only warned about ({@code warn}) instead of failing the run
   * ({@code fail}).
   */
  public boolean warnOnUnknownKeys() {
    return get(UNKNOWN_KEYS).map(SettingParsers::warnOnUnknownKeys).orElse(false);
  }

  /** The fork count that replaces every benchmark's, when the run sets one (not auto). */
  public Optional<Integer> forksOverride() {
    return ForkSettings.of(this).count();
  }

  /**
   * The JVM options appended to every fork's, split as a shell would (quotes group, backslash
   * escapes).
   */
  public List<String> forksJvmArgs() {
    return get(FORKS_JVM_ARGS)
        .map(value -> JvmArgs.split(value, "-D" + FORKS_JVM_ARGS))
        .orElse(List.of());
  }

  /** The java executable forks start. */
  public Path forksJava() {
    return get(FORKS_JAVA)
        .map(Path::of)
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java"));
  }

  /** How long one fork may take before it is stopped. */
  public Duration forksTimeout() {
    return get(FORKS_TIMEOUT)
        .map(value -> Durations.parse(value, "-D" + FORKS_TIMEOUT))
        .orElse(Defaults.FORK_TIMEOUT);
  }

  /** The minimum query count a valid run measures per scenario, when the run sets one. */
  public Optional<Long> validityMinQueries() {
    return get(VALIDITY_MIN_QUERIES)
        .map(value -> (long) SettingParsers.parseInt(VALIDITY_MIN_QUERIES, value, 1));
  }

  /** The minimum time a valid run measures per scenario, ms, when the run sets one. */
  public Optional<Double> validityMinDurationMs() {
    return get(VALIDITY_MIN_DURATION)
        .map(value -> Durations.parse(value, "-D" + VALIDITY_MIN_DURATION).toNanos() / 1e6);
  }

  /** In a fork's JVM, which fork it is; empty in the JUnit JVM. */
  public Optional<ForkChild> forkChild() {
    return get(FORK_CHILD).map(ForkChild::parse);
  }

  /**
   * Every junit-bench parameter as this run has it, as written, and empty where it is not set: what
   * a fork is given explicitly, so neither a system property nor junit-platform.properties can give
   * it another value there (an empty value reads as not set).
   */
  public Map<String, String> explicit() {
    Map<String, String> values = new LinkedHashMap<>();
    for (ConfigurationKey row : ConfigurationKeys.TABLE) {
      String key = row.key();
      values.put(key, get(key).orElse(""));
    }
    return values;
  }

  /** The rule of the regression gate: threshold and alpha, each defaulted. */
  public RegressionRule regressionRule() {
    return SettingParsers.regressionRule(get(REGRESSION_THRESHOLD), get(REGRESSION_ALPHA));
  }

  /** The gate's rule for the heap allocated per operation, defaulted. */
  public AllocationRule allocationRule() {
    return get(ALLOC_THRESHOLD).map(SettingParsers::allocationRule).orElse(AllocationRule.DEFAULT);
  }

  /**
   * Whether the result format {@code name} writes in this run: {@code junit.bench.format.<name>},
   * else {@code enabledByDefault}.
   */
  public boolean formatEnabled(String name, boolean enabledByDefault) {
    String key = FORMAT_PREFIX + name;
    return get(key).map(value -> SettingParsers.parseBoolean(key, value)).orElse(enabledByDefault);
  }

  /** The history store a run imports itself into at its end, when {@link #HISTORY_DB} names one. */
  public Optional<String> historyDb() {
    return get(HISTORY_DB).filter(value -> !value.isBlank());
  }

  /** The warm-up rule that replaces every annotation's, when the run sets one. */
  public Optional<StopRule> warmupOverride() {
    return override(WARMUP_ITERATIONS, WARMUP_TIME, 0);
  }

  /** The measurement rule that replaces every annotation's, when the run sets one. */
  public Optional<StopRule> measurementOverride() {
    return override(MEASUREMENT_ITERATIONS, MEASUREMENT_TIME, 1);
  }

  private Optional<StopRule> override(String iterationsKey, String timeKey, int minIterations) {
    Optional<String> iterations = get(iterationsKey);
    Optional<String> time = get(timeKey);
    if (iterations.isEmpty() && time.isEmpty()) {
      return Optional.empty();
    }
    int count =
        iterations
            .map(value -> SettingParsers.parseInt(iterationsKey, value, minIterations))
            .orElse(0);
    Duration duration = time.map(value -> Durations.parse(value, "-D" + timeKey)).orElse(null);
    return Optional.of(new StopRule(count, duration, 0));
  }

  /** The devices the run is limited to, when it is. */
  public Optional<Set<Device>> deviceFilter() {
    return get(DEVICES).map(SettingParsers::devices);
  }

  /** The batch sizes the run is limited to, when it is. */
  public Optional<Set<Integer>> batchSizeFilter() {
    return intSet(BATCH_SIZES);
  }

  /** The sequence lengths the run is limited to, when it is. */
  public Optional<Set<Integer>> sequenceLengthFilter() {
    return intSet(SEQUENCE_LENGTHS);
  }

  private Optional<Set<Integer>> intSet(String key) {
    return get(key).map(value -> SettingParsers.intSet(key, value));
  }

  /**
   * Reads every parameter once, so a bad value fails the benchmark before anything runs.
   *
   * @throws BenchmarkConfigurationException naming the first bad parameter
   */
  public void validate() {
    progress();
    dryRun();
    warmupOverride();
    WarmupSettings.of(this);
    measurementOverride();
    deviceFilter();
    batchSizeFilter();
    sequenceLengthFilter();
    hostIncludeName();
    samplingEnabled();
    samplingInterval();
    regressionRule();
    allocationRule();
    ForkSettings.of(this).validate();
    forksJvmArgs();
    forksTimeout();
    validityMinQueries();
    validityMinDurationMs();
    baselineMatch();
    warnOnUnknownKeys();
  }

  /**
   * Every junit-bench parameter with the value in force, defaults included, for the result file.
   */
  public Map<String, String> effective() {
    return EffectiveSettings.of(this);
  }
}
