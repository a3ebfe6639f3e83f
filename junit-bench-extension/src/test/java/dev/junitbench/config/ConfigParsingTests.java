package dev.junitbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.infra.Device;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("Configuration values")
class ConfigParsingTests {

  private static BenchConfig config(Map<String, String> values) {
    return BenchConfig.of(key -> Optional.ofNullable(values.get(key)));
  }

  @ParameterizedTest(name = "\"{0}\" is {1} ns")
  @CsvSource({
    "500ms, 500000000",
    "2s, 2000000000",
    "1.5m, 90000000000",
    "100us, 100000",
    "250 ns, 250",
    "1h, 3600000000000",
    "PT2S, 2000000000",
    "3 sec, 3000000000",
    "2min, 120000000000"
  })
  @DisplayName("durations are read with their unit")
  void durations(String text, long nanos) {
    assertThat(Durations.parse(text, "x")).isEqualTo(Duration.ofNanos(nanos));
  }

  @ParameterizedTest(name = "\"{0}\" is rejected")
  @ValueSource(
      strings = {"5 parsecs", "", "0s", "-1s", "10", "s", "PT-1S", "3000000h", "PT10000000H"})
  @DisplayName("a value that is not a positive duration is rejected with what is accepted")
  void badDurations(String text) {
    assertThatThrownBy(() -> Durations.parse(text, "@Warmup(time)"))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessageStartingWith(
            "@Warmup(time) = \"" + text + "\" is not a duration; use a positive number");
  }

  @Test
  @DisplayName(
      "reads the validity minimums and refuses a count below 1 or a duration it cannot parse")
  void validityMinimums() {
    BenchConfig config =
        config(
            Map.of(
                BenchConfig.VALIDITY_MIN_QUERIES,
                "1024",
                BenchConfig.VALIDITY_MIN_DURATION,
                "10s"));
    assertThat(config.validityMinQueries()).contains(1024L);
    assertThat(config.validityMinDurationMs()).contains(10_000.0);
    assertThat(config(Map.of()).validityMinQueries()).isEmpty();
    assertThatThrownBy(() -> config(Map.of(BenchConfig.VALIDITY_MIN_QUERIES, "0")).validate())
        .hasMessage("-Djunit.bench.validity.min-queries=0 is not valid; use a whole number >= 1");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.VALIDITY_MIN_DURATION, "ten")).validate())
        .hasMessageContaining("-Djunit.bench.validity.min-duration");
  }

  @Test
  @DisplayName("durations are printed as people write them")
  void formatting() {
    assertThat(Durations.format(Duration.ofSeconds(3))).isEqualTo("3s");
    assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    assertThat(Durations.format(Duration.ofNanos(100_000))).isEqualTo("100us");
  }

  @Test
  @DisplayName("an override names only what it sets; the rest of the rule is empty")
  void overrides() {
    BenchConfig config =
        config(Map.of(BenchConfig.MEASUREMENT_TIME, "2s", BenchConfig.WARMUP_ITERATIONS, "0"));
    assertThat(config.measurementOverride()).contains(new StopRule(0, Duration.ofSeconds(2), 0));
    assertThat(config.warmupOverride()).contains(StopRule.OFF);
    assertThat(config(Map.of()).measurementOverride()).isEmpty();
  }

  @Test
  @DisplayName("filters are comma-separated lists; unknown devices and bad numbers are named")
  void filters() {
    BenchConfig config =
        config(Map.of(BenchConfig.DEVICES, "CPU, cuda", BenchConfig.BATCH_SIZES, "1,8"));
    assertThat(config.deviceFilter()).contains(Set.of(Device.CPU, Device.CUDA));
    assertThat(config.batchSizeFilter()).contains(Set.of(1, 8));
    assertThat(config.sequenceLengthFilter()).isEmpty();
    assertThatThrownBy(() -> config(Map.of(BenchConfig.DEVICES, "tpu")).deviceFilter())
        .hasMessage(
            "-Djunit.bench.devices=tpu: unknown device 'tpu'; accepted: cpu, cuda, rocm, auto");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.BATCH_SIZES, "1,x")).batchSizeFilter())
        .hasMessage(
            "-Djunit.bench.batch-sizes=1,x is not valid; use a comma-separated list of whole numbers >= 1");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.PROGRESS, "yes")).progress())
        .hasMessage("-Djunit.bench.progress=yes is not valid; use true or false");
  }

  @Test
  @DisplayName("the effective configuration lists every parameter, defaults filled in")
  void effective() {
    Map<String, String> effective =
        config(Map.of(BenchConfig.MEASUREMENT_ITERATIONS, "5")).effective();
    assertThat(effective)
        .containsEntry(BenchConfig.OUTPUT_DIR, Path.of(Defaults.OUTPUT_DIR).toString())
        .containsEntry(BenchConfig.MEASUREMENT_ITERATIONS, "5")
        .containsEntry(BenchConfig.PROGRESS, "true")
        .containsEntry(BenchConfig.WARMUP_TIME, null)
        .containsEntry(BenchConfig.DRY_RUN, "false")
        .containsEntry(BenchConfig.SAMPLING_ENABLED, "true")
        .containsEntry(BenchConfig.SAMPLING_INTERVAL, "50ms")
        .containsEntry(BenchConfig.NVIDIA_SMI, "nvidia-smi")
        .containsEntry(BenchConfig.POWERCAP_ROOT, "/sys/class/powercap")
        .containsEntry(BenchConfig.CGROUP_ROOT, "/sys/fs/cgroup")
        .containsEntry(BenchConfig.HOST_INCLUDE_NAME, "true")
        .containsEntry(BenchConfig.BASELINE, null)
        .containsEntry(BenchConfig.REGRESSION_THRESHOLD, "0.05")
        .containsEntry(BenchConfig.REGRESSION_ALPHA, "0.01")
        .containsEntry(BenchConfig.FORKS, null)
        .containsEntry(ForkSettings.MIN, null)
        .containsEntry(ForkSettings.MAX, null)
        .containsEntry(ForkSettings.PRECISION, null)
        .containsEntry(BenchConfig.FORKS_JVM_ARGS, null)
        .containsEntry(BenchConfig.FORKS_JAVA, null)
        .containsEntry(BenchConfig.FORKS_TIMEOUT, "1800s")
        .containsEntry(BenchConfig.VALIDITY_MIN_QUERIES, null)
        .containsEntry(BenchConfig.VALIDITY_MIN_DURATION, null)
        .containsEntry(BenchConfig.HISTORY_DB, null)
        .containsEntry(BenchConfig.HISTORY_HOST, null)
        .containsEntry(BenchConfig.UNKNOWN_KEYS, "fail")
        .containsEntry(BenchConfig.BASELINE_MATCH, "any")
        .containsEntry(BenchConfig.ALLOC_THRESHOLD, "5%,64B")
        .containsEntry(BenchConfig.PROFILE, null)
        .containsEntry(BenchConfig.PROFILE_INTERVAL, "10ms")
        .containsEntry(BenchConfig.PROFILE_PROFILER, "async-profiler")
        .containsEntry(WarmupSettings.MODE, null)
        .containsEntry(WarmupSettings.MAX_TIME, null)
        .containsEntry(WarmupSettings.WINDOW, "250ms")
        .containsEntry(WarmupSettings.TOLERANCE, "0.02")
        .hasSize(40);
    // A password in the history store's URL never reaches the result file.
    assertThat(
            config(
                    Map.of(
                        BenchConfig.HISTORY_DB,
                        "jdbc:postgresql://db/bench?user=u&password=s3cret&ssl=true"))
                .effective())
        .containsEntry(
            BenchConfig.HISTORY_DB, "jdbc:postgresql://db/bench?user=u&password=***&ssl=true");
    // A bad value is recorded as written, so the result file is still written.
    assertThat(config(Map.of(BenchConfig.SAMPLING_INTERVAL, "5ms")).effective())
        .containsEntry(BenchConfig.SAMPLING_INTERVAL, "5ms");
  }

  @Test
  @DisplayName("sampling: on by default every 50 ms, 10 ms at the least")
  void sampling() {
    assertThat(config(Map.of()).samplingEnabled()).isTrue();
    assertThat(config(Map.of()).samplingInterval()).isEqualTo(Duration.ofMillis(50));
    assertThat(config(Map.of(BenchConfig.SAMPLING_INTERVAL, "10ms")).samplingInterval())
        .isEqualTo(Duration.ofMillis(10));
    assertThatThrownBy(
            () -> config(Map.of(BenchConfig.SAMPLING_INTERVAL, "5ms")).samplingInterval())
        .hasMessage(
            "-Djunit.bench.sampling.interval=5ms is not valid; use 10ms or more (sampling more often costs"
                + " more than it tells)");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.SAMPLING_ENABLED, "off")).samplingEnabled())
        .hasMessage("-Djunit.bench.sampling.enabled=off is not valid; use true or false");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.HOST_INCLUDE_NAME, "no")).hostIncludeName())
        .hasMessage("-Djunit.bench.host.include-name=no is not valid; use true or false");
  }

  @Test
  @DisplayName(
      "the regression rule: 5% and 0.01 by default, a threshold as a percentage or a fraction")
  void regressionRule() {
    assertThat(config(Map.of()).regressionRule()).isEqualTo(new RegressionRule(0.05, 0.01));
    assertThat(
            config(
                    Map.of(
                        BenchConfig.REGRESSION_THRESHOLD,
                        "10%",
                        BenchConfig.REGRESSION_ALPHA,
                        "0.05"))
                .regressionRule())
        .isEqualTo(new RegressionRule(0.10, 0.05));
    assertThat(
            config(Map.of(BenchConfig.REGRESSION_THRESHOLD, "0.02")).regressionRule().threshold())
        .isEqualTo(0.02);
    assertThatThrownBy(
            () -> config(Map.of(BenchConfig.REGRESSION_THRESHOLD, "five")).regressionRule())
        .hasMessage(
            "-Djunit.bench.regression.threshold=five is not valid; use a relative change such as 5% or 0.05"
                + " (0 or more)");
    assertThat(
            config(Map.of(BenchConfig.REGRESSION_THRESHOLD, "200%")).regressionRule().threshold())
        .isEqualTo(2.0);
    assertThatThrownBy(
            () -> config(Map.of(BenchConfig.REGRESSION_THRESHOLD, "-5%")).regressionRule())
        .hasMessageContaining("(0 or more)");
    // 10 meant as 10% would be a change of 1000%: a gate that never fails.
    assertThatThrownBy(
            () -> config(Map.of(BenchConfig.REGRESSION_THRESHOLD, "10")).regressionRule())
        .hasMessage(
            "-Djunit.bench.regression.threshold=10 is a fraction, a change of 1000%: write 10% for"
                + " that many percent (or 0.1); a bare number is a fraction, and a change of 100%"
                + " or more is written with %");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.REGRESSION_ALPHA, "0.9")).regressionRule())
        .hasMessage(
            "-Djunit.bench.regression.alpha=0.9 is not valid; use a significance level in (0, 0.5], such as 0.01");
    assertThatThrownBy(() -> config(Map.of(BenchConfig.REGRESSION_ALPHA, "0.9")).validate())
        .hasMessageContaining("junit.bench.regression.alpha");
  }

  @Test
  @DisplayName("result formats: their default unless junit.bench.format.<name> says true or false")
  void formats() {
    assertThat(config(Map.of()).formatEnabled("html", true)).isTrue();
    assertThat(config(Map.of()).formatEnabled("jmh", false)).isFalse();
    assertThat(config(Map.of("junit.bench.format.jmh", "true")).formatEnabled("jmh", false))
        .isTrue();
    assertThat(config(Map.of("junit.bench.format.html", "false")).formatEnabled("html", true))
        .isFalse();
    assertThatThrownBy(
            () -> config(Map.of("junit.bench.format.html", "maybe")).formatEnabled("html", true))
        .hasMessage("-Djunit.bench.format.html=maybe is not valid; use true or false");
  }

  @Test
  @DisplayName("the baseline is a path, absent unless given")
  void baseline() {
    assertThat(config(Map.of()).baseline()).isEmpty();
    assertThat(config(Map.of(BenchConfig.BASELINE, " runs/run-1 ")))
        .extracting(c -> c.baseline().orElseThrow())
        .isEqualTo(Path.of("runs/run-1"));
  }

  @Test
  @DisplayName(
      "a baseline judges any scenario by default, or must judge all; another word is refused by validate")
  void baselineMatch() {
    assertThat(config(Map.of()).baselineMatch()).isEqualTo(BaselineMatch.ANY);
    assertThat(config(Map.of(BenchConfig.BASELINE_MATCH, "all")).baselineMatch())
        .isEqualTo(BaselineMatch.ALL);
    assertThat(config(Map.of(BenchConfig.BASELINE_MATCH, " ANY ")).baselineMatch())
        .isEqualTo(BaselineMatch.ANY);
    assertThatThrownBy(() -> config(Map.of(BenchConfig.BASELINE_MATCH, "every")).validate())
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-Djunit.bench.baseline.match=every is not valid; use any (the run fails only when none of its"
                + " scenarios is in the baseline) or all (every scenario it cannot judge fails)");
  }

  @Test
  @DisplayName(
      "unknown keys fail the run by default, or are warned about; another word is refused by validate")
  void unknownKeys() {
    assertThat(config(Map.of()).warnOnUnknownKeys()).isFalse();
    assertThat(config(Map.of(BenchConfig.UNKNOWN_KEYS, "fail")).warnOnUnknownKeys()).isFalse();
    assertThat(config(Map.of(BenchConfig.UNKNOWN_KEYS, "Warn")).warnOnUnknownKeys()).isTrue();
    assertThatThrownBy(() -> config(Map.of(BenchConfig.UNKNOWN_KEYS, "ignore")).validate())
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessageStartingWith(
            "-Djunit.bench.unknown-keys=ignore is not valid; use fail (the default");
    assertThat(config(Map.of(BenchConfig.UNKNOWN_KEYS, "ignore")).effective())
        .containsEntry(BenchConfig.UNKNOWN_KEYS, "ignore");
  }

  @Test
  @DisplayName(
      "the known keys are the table's, the fork's own last; a declared key is read only under junit.bench.")
  void keys() {
    assertThat(BenchConfig.keys())
        .startsWith(BenchConfig.OUTPUT_DIR)
        .endsWith(BenchConfig.FORK_CHILD)
        .contains(BenchConfig.UNKNOWN_KEYS, BenchConfig.BASELINE_MATCH)
        .doesNotHaveDuplicates()
        .allMatch(
            key -> key.startsWith(BenchConfig.PREFIX) && !key.startsWith(BenchConfig.USER_PREFIX));
    assertThat(
            config(Map.of("junit.bench.open-files.limit", " 12 "))
                .declared("junit.bench.open-files.limit"))
        .contains("12");
    assertThatThrownBy(() -> config(Map.of()).declared("open-files.limit"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must start with junit.bench.");
  }
}
