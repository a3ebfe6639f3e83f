package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.ForkAdvice;
import dev.junitbench.stats.LatencySummary;
import java.util.List;
import org.apiguardian.api.API;

/**
 * The {@code forks} group of a result measured in fresh JVMs: each fork's summary and the
 * statistics across forks. A JVM run lands elsewhere than the next one, so the interval that counts
 * for a forked scenario is the one across forks ({@code ci95_low/high} here), not the pooled
 * samples' interval in {@code latency_ms}, which describes the runs' samples only.
 *
 * @param planned forks asked for (see {@code adaptive})
 * @param completed forks that measured and handed their samples back
 * @param medianMs the geometric mean of the fork medians: the centre of the interval
 * @param ci95Low the lower bound of the 95% Student-t interval on the log fork medians, or null
 *     below 2 forks
 * @param ci95High the upper bound, or null likewise
 * @param method how the interval was built, for readers: {@code student-t on log fork medians, 4
 *     df}
 * @param betweenForkCv the coefficient of variation of the fork medians (sample std / mean), or
 *     null below 2 forks
 * @param withinForkCv the typical relative standard error of one fork's median from its own samples
 *     (the width of its interval on the log scale / (2 x 1.96), averaged over forks), or null: the
 *     spread fork medians would show if JVMs did not differ
 * @param wallTimeMs the forks' wall times added up, each from its start to its end
 * @param overheadMs the part of it outside warm-up and measurement: JVM start-up, set-up, model
 *     loading
 * @param advice forks and iterations that would reach the target width, or null below 2 forks
 * @param runs each fork, in order, including one that failed
 * @param here the scenario's measurement in the JUnit JVM, made before its forks when its baseline
 *     was measured in one such JVM (a verdict alike to alike, the forks giving the spread between
 *     JVMs); else null
 * @param adaptive for forks until the answer is known, their rule and why they stopped ({@code
 *     planned} is then the forks run when they stopped, else their max); null for a fixed count
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ForkFigures(
    int planned,
    int completed,
    Double medianMs,
    Double ci95Low,
    Double ci95High,
    String method,
    Double betweenForkCv,
    Double withinForkCv,
    double wallTimeMs,
    double overheadMs,
    ForkAdvice advice,
    List<ForkRun> runs,
    LatencySummary here,
    AdaptiveForks adaptive) {

  /** Forks of a fixed count, with the scenario's measurement in the JUnit JVM or null. */
  public ForkFigures(
      int planned,
      int completed,
      Double medianMs,
      Double ci95Low,
      Double ci95High,
      String method,
      Double betweenForkCv,
      Double withinForkCv,
      double wallTimeMs,
      double overheadMs,
      ForkAdvice advice,
      List<ForkRun> runs,
      LatencySummary here) {
    this(
        planned,
        completed,
        medianMs,
        ci95Low,
        ci95High,
        method,
        betweenForkCv,
        withinForkCv,
        wallTimeMs,
        overheadMs,
        advice,
        runs,
        here,
        null);
  }

  /** Forks with no measurement in the JUnit JVM. */
  public ForkFigures(
      int planned,
      int completed,
      Double medianMs,
      Double ci95Low,
      Double ci95High,
      String method,
      Double betweenForkCv,
      Double withinForkCv,
      double wallTimeMs,
      double overheadMs,
      ForkAdvice advice,
      List<ForkRun> runs) {
    this(
        planned,
        completed,
        medianMs,
        ci95Low,
        ci95High,
        method,
        betweenForkCv,
        withinForkCv,
        wallTimeMs,
        overheadMs,
        advice,
        runs,
        null);
  }

  /** These forks with the scenario's measurement in the JUnit JVM beside them. */
  public ForkFigures withHere(LatencySummary measuredHere) {
    return new ForkFigures(
        planned,
        completed,
        medianMs,
        ci95Low,
        ci95High,
        method,
        betweenForkCv,
        withinForkCv,
        wallTimeMs,
        overheadMs,
        advice,
        runs,
        measuredHere,
        adaptive);
  }

  /** The medians (ms) of the forks that measured, in fork order. */
  public double[] medians() {
    return runs.stream()
        .filter(run -> run.status() == Status.PASSED && run.medianMs() != null)
        .mapToDouble(ForkRun::medianMs)
        .toArray();
  }

  /**
   * The sample counts of the forks that handed samples back, in fork order: how samples.csv is
   * split.
   */
  public long[] counts() {
    return runs.stream()
        .filter(run -> run.status() == Status.PASSED)
        .mapToLong(ForkRun::count)
        .toArray();
  }
}
