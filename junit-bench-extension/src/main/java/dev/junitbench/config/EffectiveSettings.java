package dev.junitbench.config;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/** The settings a run records in its result file: every key with the value in force. */
final class EffectiveSettings {

  private EffectiveSettings() {}

  /** {@link BenchConfig#effective()} of {@code config}. */
  static Map<String, String> of(BenchConfig config) {
    Map<String, String> values = new LinkedHashMap<>();
    for (ConfigurationKey row : ConfigurationKeys.TABLE) {
      String key = row.key();
      values.put(key, config.get(key).orElse(null));
    }
    values.put(BenchConfig.OUTPUT_DIR, config.outputDir().toString());
    values.put(
        BenchConfig.PROGRESS,
        config.get(BenchConfig.PROGRESS).orElse(String.valueOf(Defaults.PROGRESS)));
    // A bad value is recorded as written: the benchmarks report it, the result file must still be
    // written.
    values.put(
        BenchConfig.DRY_RUN,
        orRaw(config, BenchConfig.DRY_RUN, () -> String.valueOf(config.dryRun())));
    values.put(
        BenchConfig.HOST_INCLUDE_NAME,
        orRaw(
            config, BenchConfig.HOST_INCLUDE_NAME, () -> String.valueOf(config.hostIncludeName())));
    values.put(
        BenchConfig.SAMPLING_ENABLED,
        orRaw(
            config, BenchConfig.SAMPLING_ENABLED, () -> String.valueOf(config.samplingEnabled())));
    values.put(
        BenchConfig.SAMPLING_INTERVAL,
        orRaw(
            config,
            BenchConfig.SAMPLING_INTERVAL,
            () -> config.samplingInterval().toMillis() + "ms"));
    // Unset, junit.bench.profile is recorded as unset: @Profile then decides.
    values.put(
        BenchConfig.PROFILE_INTERVAL,
        config
            .get(BenchConfig.PROFILE_INTERVAL)
            .orElse(ConfigurationKeys.shortDuration(Defaults.PROFILE_INTERVAL)));
    values.put(
        BenchConfig.PROFILE_PROFILER,
        config.get(BenchConfig.PROFILE_PROFILER).orElse(Defaults.PROFILE_PROFILER));
    // Unset, the warm-up's mode and bound are recorded as unset: @Warmup then decides.
    values.put(
        WarmupSettings.WINDOW,
        config
            .get(WarmupSettings.WINDOW)
            .orElse(ConfigurationKeys.shortDuration(Defaults.WARMUP_WINDOW)));
    values.put(
        WarmupSettings.TOLERANCE,
        config.get(WarmupSettings.TOLERANCE).orElse(String.valueOf(Defaults.WARMUP_TOLERANCE)));
    values.put(BenchConfig.NVIDIA_SMI, config.nvidiaSmi());
    values.put(BenchConfig.POWERCAP_ROOT, config.powercapRoot().toString());
    values.put(BenchConfig.CGROUP_ROOT, config.cgroupRoot().toString());
    values.put(
        BenchConfig.REGRESSION_THRESHOLD,
        orRaw(
            config,
            BenchConfig.REGRESSION_THRESHOLD,
            () -> String.valueOf(config.regressionRule().threshold())));
    values.put(
        BenchConfig.REGRESSION_ALPHA,
        orRaw(
            config,
            BenchConfig.REGRESSION_ALPHA,
            () -> String.valueOf(config.regressionRule().alpha())));
    values.put(
        BenchConfig.ALLOC_THRESHOLD,
        orRaw(config, BenchConfig.ALLOC_THRESHOLD, () -> config.allocationRule().written()));
    values.put(
        BenchConfig.FORKS_TIMEOUT,
        orRaw(config, BenchConfig.FORKS_TIMEOUT, () -> Durations.format(config.forksTimeout())));
    values.put(
        BenchConfig.UNKNOWN_KEYS,
        orRaw(
            config, BenchConfig.UNKNOWN_KEYS, () -> config.warnOnUnknownKeys() ? "warn" : "fail"));
    values.put(
        BenchConfig.BASELINE_MATCH,
        orRaw(
            config,
            BenchConfig.BASELINE_MATCH,
            () -> config.baselineMatch().name().toLowerCase(Locale.ROOT)));
    // A password written into the store's URL never reaches a result file.
    values.put(
        BenchConfig.HISTORY_DB,
        config
            .get(BenchConfig.HISTORY_DB)
            .map(url -> url.replaceAll("(?i)(password=)[^&;\\s]*", "$1***"))
            .orElse(null));
    return values;
  }

  private static String orRaw(BenchConfig config, String key, Supplier<String> parsed) {
    try {
      return parsed.get();
    } catch (BenchmarkConfigurationException e) {
      return config.get(key).orElse(null);
    }
  }
}
