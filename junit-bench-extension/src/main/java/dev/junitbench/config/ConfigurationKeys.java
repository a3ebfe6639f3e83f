package dev.junitbench.config;

import static dev.junitbench.config.ConfigurationKey.literal;
import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.RegressionRule;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * The table of every key junit-bench itself reads, in the order the user guide shows them: {@link
 * BenchConfig#keys()} is taken from it and the guide's table is generated from it, so neither the
 * known keys nor the defaults shown can drift from the code.
 */
@API(status = INTERNAL, since = "0.1")
public final class ConfigurationKeys {

  private static final String ALL_DECLARED = "all declared";
  private static final String NONE = "none";

  /**
   * The table; {@link BenchConfig#FORK_CHILD}, set by junit-bench for its forks only, is not in it.
   */
  public static final List<ConfigurationKey> TABLE =
      List.of(
          new ConfigurationKey(
              BenchConfig.OUTPUT_DIR,
              "folder that holds the run folders",
              literal(Defaults.OUTPUT_DIR)),
          new ConfigurationKey(
              BenchConfig.WARMUP_ITERATIONS,
              "replaces every benchmark's whole warm-up rule (`0` = no warm-up)",
              ""),
          new ConfigurationKey(
              BenchConfig.WARMUP_TIME, "replaces every benchmark's whole warm-up rule", ""),
          new ConfigurationKey(
              WarmupSettings.MODE,
              "`steady` warms every benchmark up until steady (its count and time a minimum),"
                  + " `fixed` for its count and time; replaces `@Warmup(until)`",
              "as `@Warmup(until)` says, else `fixed`"),
          new ConfigurationKey(
              WarmupSettings.MAX_TIME,
              "the longest a steady warm-up runs before the scenario is measured anyway, flagged"
                  + " not steady; replaces `@Warmup(maxTime)`",
              literal(shortDuration(Defaults.WARMUP_MAX_TIME))),
          new ConfigurationKey(
              WarmupSettings.WINDOW,
              "the shortest window of a steady warm-up (also at least "
                  + Defaults.WARMUP_WINDOW_ITERATIONS
                  + " calls); each window's median is a point of the warm-up curve",
              literal(shortDuration(Defaults.WARMUP_WINDOW))),
          new ConfigurationKey(
              WarmupSettings.TOLERANCE,
              "how far the medians of the last "
                  + Defaults.WARMUP_WINDOWS
                  + " windows may drift, end to end, for a warm-up to be steady: `2%` or `0.02`",
              literal(percent(Defaults.WARMUP_TOLERANCE))),
          new ConfigurationKey(
              BenchConfig.MEASUREMENT_ITERATIONS,
              "replaces every benchmark's whole measurement rule (time and precision included)",
              ""),
          new ConfigurationKey(
              BenchConfig.MEASUREMENT_TIME,
              "replaces every benchmark's whole measurement rule",
              ""),
          new ConfigurationKey(
              BenchConfig.DEVICES, "run only these devices: `cpu,cuda`", ALL_DECLARED),
          new ConfigurationKey(
              BenchConfig.BATCH_SIZES,
              "run only these batch sizes: `1,8` (benchmarks without `@BatchSizes` are not"
                  + " filtered)",
              ALL_DECLARED),
          new ConfigurationKey(
              BenchConfig.SEQUENCE_LENGTHS,
              "run only these sequence lengths (likewise)",
              ALL_DECLARED),
          new ConfigurationKey(
              BenchConfig.PROGRESS,
              "`false` turns off the progress lines on stderr (at most one every "
                  + shortDuration(Defaults.PROGRESS_INTERVAL)
                  + " on a terminal, one every "
                  + shortDuration(Defaults.PROGRESS_INTERVAL_NON_INTERACTIVE)
                  + " in a log)",
              literal(Defaults.PROGRESS)),
          new ConfigurationKey(
              BenchConfig.DRY_RUN,
              "`true` lists every benchmark, scenario and model as skipped (\"dry run\", with the"
                  + " model it would open) and loads and measures nothing (so `Device.AUTO` stays"
                  + " unresolved); configuration errors still fail",
              literal(false)),
          new ConfigurationKey(
              BenchConfig.SAMPLING_ENABLED,
              "`false` turns the resource sampler off (see"
                  + " xref:result-files.adoc#what-it-costs-besides-time[What it costs besides"
                  + " time])",
              literal(Defaults.SAMPLING_ENABLED)),
          new ConfigurationKey(
              BenchConfig.SAMPLING_INTERVAL,
              "how often the sampler reads the process and the GPUs: `"
                  + shortDuration(Defaults.SAMPLING_INTERVAL)
                  + "`, `"
                  + shortDuration(Defaults.SAMPLING_INTERVAL_MIN)
                  + "` at the least",
              literal(shortDuration(Defaults.SAMPLING_INTERVAL))),
          new ConfigurationKey(
              BenchConfig.PROFILE,
              "profile every benchmark's measurement: `cpu`, `alloc`, `wall` or `lock` (flame graphs in the run folder, see xref:profiling.adoc[Profiling]);"
                  + " `off` profiles none, not even those annotated `@Profile`",
              literal(Defaults.PROFILE)),
          new ConfigurationKey(
              BenchConfig.PROFILE_INTERVAL,
              "how often a `cpu` or `wall` profile samples",
              literal(shortDuration(Defaults.PROFILE_INTERVAL))),
          new ConfigurationKey(
              BenchConfig.PROFILE_PROFILER,
              "`async-profiler` (JDK Flight Recorder where it cannot load) or `jfr` (JDK Flight"
                  + " Recorder only)",
              literal(Defaults.PROFILE_PROFILER)),
          new ConfigurationKey(
              BenchConfig.HOST_INCLUDE_NAME,
              "`false` leaves the host name out of `results.json`",
              literal(Defaults.HOST_INCLUDE_NAME)),
          new ConfigurationKey(
              BenchConfig.NVIDIA_SMI,
              "the `nvidia-smi` command, a name on the PATH or a path",
              literal(Defaults.NVIDIA_SMI)),
          new ConfigurationKey(
              BenchConfig.POWERCAP_ROOT,
              "where the CPU packages' energy counters (RAPL) are",
              literal(Defaults.POWERCAP_ROOT)),
          new ConfigurationKey(
              BenchConfig.CGROUP_ROOT,
              "where the control groups (container limits) are",
              literal(Defaults.CGROUP_ROOT)),
          new ConfigurationKey(
              BenchConfig.BASELINE,
              "a run folder (or its `results.json`) each scenario is compared with right after it"
                  + " is measured; a regression fails the test"
                  + " (xref:gate-and-compare.adoc#the-regression-gate-inside-junit[the gate])",
              NONE),
          new ConfigurationKey(
              BenchConfig.REGRESSION_THRESHOLD,
              "the gate's noise threshold: a smaller change of the median is never called (`5%`"
                  + " or `0.05`)",
              literal(percent(RegressionRule.DEFAULT_THRESHOLD))),
          new ConfigurationKey(
              BenchConfig.REGRESSION_ALPHA,
              "the gate's significance level",
              literal(RegressionRule.DEFAULT_ALPHA)),
          new ConfigurationKey(
              BenchConfig.ALLOC_THRESHOLD,
              "when the gate and `compare` call the heap allocated per operation regressed: more"
                  + " than the baseline by over the change and by at least the bytes (`5%`, `0.05`,"
                  + " `10%,1KB`; without bytes, "
                  + AllocationRule.bytes(AllocationRule.DEFAULT_MIN_BYTES).replace(" ", "")
                  + ")"
                  + " (xref:gate-and-compare.adoc#allocation-judged-beside-latency[allocation])",
              literal(AllocationRule.DEFAULT.written())),
          new ConfigurationKey(
              BenchConfig.FORKS,
              "replaces every benchmark's `@Fork` count: `0` measures in the JUnit JVM, `5` in"
                  + " five fresh JVMs per scenario, `auto` in fresh JVMs until the interval across"
                  + " them is narrow enough"
                  + " (xref:forks.adoc#forks-the-spread-between-jvm-runs[forks]); Offline, Server"
                  + " and Concurrency scenarios are measured in the JUnit JVM whatever it says",
              "``@Fork``'s; else, with a baseline, from the default against the baseline"
                  + " scenario's JVMs until the interval across forks is narrow enough"
                  + " (xref:forks.adoc#forks-against-a-baseline[forks against a baseline]; exactly "
                  + Defaults.forksAgainstBaseline(1)
                  + " against an unforked one, which is then measured in the JUnit JVM too,"
                  + " xref:gate-and-compare.adoc#between-jvm-variance-never-ignored[the gate]);"
                  + " else "
                  + Defaults.FORKS),
          new ConfigurationKey(
              ForkSettings.MIN,
              "fewest forks of a benchmark forked until the answer is known (`@Fork` without a"
                  + " count, `junit.bench.forks=auto`, or the forks a baseline turns on), 3 or more;"
                  + " replaces `@Fork(min)` and the count a baseline calls for (below it, a warning:"
                  + " the gate is no longer as calibrated)"
                  + " (xref:forks.adoc#forks-until-the-answer-is-known[adaptive forks])",
              literal(Defaults.ADAPTIVE_FORKS_MIN)),
          new ConfigurationKey(
              ForkSettings.MAX,
              "most forks of such a benchmark; replaces `@Fork(max)` and, against a baseline, the"
                  + " 10 (below the count a baseline calls for it is an invalid configuration)",
              literal(Defaults.ADAPTIVE_FORKS_MAX)),
          new ConfigurationKey(
              ForkSettings.PRECISION,
              "the relative half-width of the 95% interval across forks that stops them (`0.02`"
                  + " or `2%`: +-2%); replaces `@Fork(precision)` and, against a baseline, the 2%;"
                  + " none of the three turns forking on",
              literal(Defaults.ADAPTIVE_FORKS_PRECISION)),
          new ConfigurationKey(
              BenchConfig.FORKS_JVM_ARGS,
              "JVM options appended to every fork's, after `@Fork(jvmArgs)`, split as a shell"
                  + " would: `+-Xmx2g \"-Dname=a b\"+` (a backslash escapes only a quote, a"
                  + " backslash or a blank, so `+C:\\cuda\\bin+` stays as written)",
              NONE),
          new ConfigurationKey(
              BenchConfig.FORKS_JAVA, "the `java` executable forks start", "the JUnit JVM's own"),
          new ConfigurationKey(
              BenchConfig.FORKS_TIMEOUT,
              "how long one fork may take, start-up to hand-back, before it is stopped and"
                  + " reported",
              literal(shortDuration(Defaults.FORK_TIMEOUT))),
          new ConfigurationKey(
              BenchConfig.VALIDITY_MIN_QUERIES,
              "a scenario measured in fewer queries is flagged INVALID (MLPerf's"
                  + " `min_query_count`; a flag, never a failure)",
              NONE),
          new ConfigurationKey(
              BenchConfig.VALIDITY_MIN_DURATION,
              "a scenario measured for less time is flagged INVALID (MLPerf's `min_duration`)",
              NONE),
          new ConfigurationKey(
              BenchConfig.HISTORY_DB,
              "a history store the run imports itself into when it ends: a DuckDB file (relative"
                  + " to the module's folder) or a JDBC URL, user and password from"
                  + " `JUNIT_BENCH_HISTORY_USER`/`JUNIT_BENCH_HISTORY_PASSWORD` only; needs"
                  + " junit-bench-reports and the store's driver on the test class path"
                  + " (xref:history.adoc#the-store[the store])",
              NONE),
          new ConfigurationKey(
              BenchConfig.HISTORY_HOST,
              "the host label the run is kept under in the history store",
              "the host's name"),
          new ConfigurationKey(
              BenchConfig.UNKNOWN_KEYS,
              "`fail`: a `+junit.bench.*+` key nobody knows fails the run, naming the key, its"
                  + " source and the closest known key; `warn`: a warning printed first and kept"
                  + " in `run.warnings`, and the run is measured",
              literal("fail")),
          new ConfigurationKey(
              BenchConfig.BASELINE_MATCH,
              "with a baseline, `all` fails every scenario the baseline cannot judge (not in it,"
                  + " not measured there, or not judged); `any` (default) fails the run only when"
                  + " no scenario matches",
              literal(BaselineMatch.ANY.name().toLowerCase(Locale.ROOT))));

  /**
   * Rows of key families rather than keys, shown after the table: a result format's switch and the
   * keys of a user's own code; neither is in {@link BenchConfig#keys()}.
   */
  public static final List<ConfigurationKey> FAMILIES =
      List.of(
          new ConfigurationKey(
              BenchConfig.FORMAT_PREFIX + "<name>",
              "`true`/`false` switches a result format: `html` (report.html, on when"
                  + " junit-bench-reports is on the class path), `jmh` (jmh-result.json, off),"
                  + " `history` (the import of `junit.bench.history.db`, on), your own",
              "the format's default"),
          new ConfigurationKey(
              BenchConfig.USER_PREFIX + "*",
              "reserved for your own benchmark code (`junit.bench.user.model-variant=int8`, read"
                  + " with `+context.getConfigurationParameter(...)+` or"
                  + " `+System.getProperty(...)+`): never checked, recorded in `run.config`",
              ""));

  private ConfigurationKeys() {}

  /**
   * {@code duration} as the guide writes it: whole minutes as {@code 30m}, else as {@link
   * Durations#format}.
   */
  public static String shortDuration(Duration duration) {
    if (!duration.isZero() && duration.toSeconds() % 60 == 0 && duration.toNanosPart() == 0) {
      return duration.toMinutes() + "m";
    }
    return Durations.format(duration);
  }

  private static String percent(double fraction) {
    return Math.round(fraction * 100) + "%";
  }
}
