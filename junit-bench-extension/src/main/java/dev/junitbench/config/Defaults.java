package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.time.Duration;
import java.util.List;
import org.apiguardian.api.API;

/**
 * Every default of junit-bench, in one place; the user guide's table of configuration keys shows
 * them through {@link ConfigurationKeys}.
 */
@API(status = INTERNAL, since = "0.1")
public final class Defaults {

  /** Warm-up iterations when neither annotation nor configuration sets the warm-up. */
  public static final int WARMUP_ITERATIONS = 3;

  /** Warm-up duration when neither annotation nor configuration sets the warm-up. */
  public static final Duration WARMUP_TIME = Duration.ofSeconds(1);

  /**
   * Whether warm-up runs until steady when neither {@code @Warmup(until)} nor {@code
   * junit.bench.warmup.mode} says: fixed, the count and time above.
   */
  public static final boolean WARMUP_STEADY = false;

  /** The longest a steady warm-up runs before the scenario is measured anyway, flagged. */
  public static final Duration WARMUP_MAX_TIME = Duration.ofSeconds(30);

  /** The shortest window of a steady warm-up: each window's median is one point of its curve. */
  public static final Duration WARMUP_WINDOW = Duration.ofMillis(250);

  /** The shortest window a steady warm-up accepts: shorter ones hold a few calls each. */
  public static final Duration WARMUP_WINDOW_MIN = Duration.ofMillis(10);

  /** The fewest calls in a window of a steady warm-up, however long each call takes. */
  public static final int WARMUP_WINDOW_ITERATIONS = 5;

  /** How many of the most recent windows a steady warm-up compares. */
  public static final int WARMUP_WINDOWS = 8;

  /** How far the most recent windows' medians may drift, end to end, for a warm-up to be steady. */
  public static final double WARMUP_TOLERANCE = 0.02;

  /** Measured iterations when neither annotation nor configuration sets the measurement. */
  public static final int MEASUREMENT_ITERATIONS = 10;

  /** Measurement duration when neither annotation nor configuration sets the measurement. */
  public static final Duration MEASUREMENT_TIME = Duration.ofSeconds(3);

  /** Upper bound of a measurement that targets a precision and sets no time. */
  public static final Duration PRECISION_TIME_LIMIT = Duration.ofSeconds(30);

  /** Measurement stops at this many samples, whatever else it asks for (8 bytes each in memory). */
  public static final int MAX_SAMPLES = 1_000_000;

  /** Output folder, relative to the working directory of the test JVM (the module's folder). */
  public static final String OUTPUT_DIR = "target/benchmark-results";

  /**
   * Folder of models built in code (decoders), relative to the working directory of the test JVM.
   */
  public static final String MODELS_DIR = "target/junit-bench-models";

  /** A scenario prints progress once it has run this long. */
  public static final Duration PROGRESS_DELAY = Duration.ofSeconds(3);

  /** At most one progress line per this interval on a terminal, where a person watches. */
  public static final Duration PROGRESS_INTERVAL = Duration.ofSeconds(1);

  /**
   * At most one progress line per this interval where no terminal is attached (Maven's log, CI, a
   * fork's relayed stderr): every line stays in the log, so fewer say as much.
   */
  public static final Duration PROGRESS_INTERVAL_NON_INTERACTIVE = Duration.ofSeconds(10);

  /** Whether progress lines are printed. */
  public static final boolean PROGRESS = true;

  /** Whether resources are sampled during each measurement. */
  public static final boolean SAMPLING_ENABLED = true;

  /** How often the resource sampler reads the process, the machine and the GPUs. */
  public static final Duration SAMPLING_INTERVAL = Duration.ofMillis(50);

  /**
   * The shortest sampling interval accepted: below it the sampler would cost more than it tells.
   */
  public static final Duration SAMPLING_INTERVAL_MIN = Duration.ofMillis(10);

  /** The command that reads NVIDIA GPUs, looked up on the PATH. */
  public static final String NVIDIA_SMI = "nvidia-smi";

  /** How long a one-off nvidia-smi query may take before it is given up on. */
  public static final Duration NVIDIA_SMI_TIMEOUT = Duration.ofSeconds(10);

  /** Where Linux exposes energy counters (RAPL). */
  public static final String POWERCAP_ROOT = "/sys/class/powercap";

  /** Where Linux exposes the process's control groups (container CPU and memory limits). */
  public static final String CGROUP_ROOT = "/sys/fs/cgroup";

  /** Columns the end-of-run table and its summary lines fit in. */
  public static final int CONSOLE_WIDTH = 120;

  /**
   * The count recommended when forking a fixed number of JVMs: {@code @Fork(5)}, {@code
   * -Djunit.bench.forks=5}.
   */
  public static final int RECOMMENDED_FORKS = 5;

  /**
   * {@code @Fork}'s count, min and max when not given: without a count, forks run until the answer
   * is known.
   */
  public static final int FORKS_NOT_SET = Integer.MIN_VALUE;

  /** Fewest forks of {@code @Fork} without a count (forks until the answer is known). */
  public static final int ADAPTIVE_FORKS_MIN = 3;

  /**
   * Most forks of {@code @Fork} without a count and of the forks a baseline turns on: at the
   * typical between-fork CV of 1.7%, 10 forks reach +-2% in most scenarios (the user guide's forks
   * page has the simulation).
   */
  public static final int ADAPTIVE_FORKS_MAX = 10;

  /**
   * The relative half-width of the interval across forks that stops {@code @Fork} without a count
   * and the forks a baseline turns on: +-2%, narrow enough for the default 5% regression threshold.
   */
  public static final double ADAPTIVE_FORKS_PRECISION = 0.02;

  /** Child JVMs per scenario when neither annotation nor configuration asks for forks: none. */
  public static final int FORKS = 0;

  /**
   * The fewest forks per scenario when a baseline is set and no fork count is (they go on, up to
   * {@link #ADAPTIVE_FORKS_MAX}, until the answer is known): entry {@code b - 1} for a baseline
   * scenario measured in {@code b} JVMs (1: unforked), the last entry for more. Each is the
   * smallest count that, in simulation (between-JVM CV 5%, within 3%), keeps A/A false regressions
   * at most 1% and names bimodal JVMs (30% of them 70% slower) in at least 95% of scenarios, at the
   * lower end of the rate's 99% interval over 20,000 simulated scenarios.
   */
  public static final List<Integer> FORKS_AGAINST_BASELINE = List.of(10, 10, 7, 6, 5, 4, 3);

  /**
   * The fork count of a scenario whose baseline was measured in {@code baselineJvms} JVMs (1 or
   * more).
   */
  public static int forksAgainstBaseline(int baselineJvms) {
    return FORKS_AGAINST_BASELINE.get(
        Math.min(Math.max(baselineJvms, 1), FORKS_AGAINST_BASELINE.size()) - 1);
  }

  /** How long one fork may take, start-up to hand-back, before it is stopped and reported. */
  public static final Duration FORK_TIMEOUT = Duration.ofMinutes(30);

  /**
   * The relative half-width the forks' advice aims at when the regression threshold is 0: with a
   * threshold, half of it (a change of the threshold's size is then told apart from noise).
   */
  public static final double FORK_ADVICE_TARGET = 0.01;

  /** Whether results.json records the host name. */
  public static final boolean HOST_INCLUDE_NAME = true;

  /** The sampling interval of a cpu or wall profile, async-profiler's own default. */
  public static final Duration PROFILE_INTERVAL = Duration.ofMillis(10);

  /** Whether a benchmark is profiled when neither the setting nor {@code @Profile} asks. */
  public static final String PROFILE = "off";

  /** Which profiler records a profile: async-profiler, else JDK Flight Recorder. */
  public static final String PROFILE_PROFILER = "async-profiler";

  private Defaults() {}
}
