package dev.junitbench.gate;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.Defaults;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.profile.ScenarioProfileDifference;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.BudgetCheck;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.AllocationComparison;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import dev.junitbench.warnings.RunWarnings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Decides, right after a scenario is measured, whether it regressed against the baseline or broke
 * its budget. It only judges: the caller fails the test when {@link GateResult#failed()}. A
 * scenario the baseline cannot judge (not in it, not measured there, JVMs on two levels) is NOT
 * JUDGED, with the reason; under {@code junit.bench.baseline.match=all} that fails it too. The heap
 * allocated per operation is judged beside the latency by its own rule: a scenario whose latency
 * held but whose allocation grew fails as well; one without the figure on either side is not judged
 * for allocation, and says so (under {@code match=all} that fails it too). A budget's limit that
 * could not be checked passes, with a run warning.
 *
 * @param matching the run's scenarios matched with its baseline, or null without a baseline
 * @param rule the regression rule
 * @param budget the benchmark's budget, or null
 * @param allocationRule the rule for the heap allocated per operation
 * @param profileFolder where a regressed scenario's differential flame graph is written (the run
 *     folder's {@code profiles/}), or null when the run writes no run folder
 */
public record Gate(
    BaselineMatching matching,
    RegressionRule rule,
    BudgetLimits budget,
    AllocationRule allocationRule,
    Path profileFolder) {

  /** A gate with the default allocation rule. */
  public Gate(BaselineMatching matching, RegressionRule rule, BudgetLimits budget) {
    this(matching, rule, budget, AllocationRule.DEFAULT);
  }

  /** A gate that writes no differential flame graph. */
  public Gate(
      BaselineMatching matching,
      RegressionRule rule,
      BudgetLimits budget,
      AllocationRule allocationRule) {
    this(matching, rule, budget, allocationRule, null);
  }

  /**
   * A {@code @Budget} parsed: each limit or null.
   *
   * @param medianMs the median's limit, ms
   * @param p99Ms the p99's limit, ms
   * @param minThroughput the throughput's lower limit, samples/s
   * @param maxAllocBytesPerOp the limit of the heap allocated per operation, bytes
   */
  public record BudgetLimits(
      Double medianMs, Double p99Ms, Double minThroughput, Double maxAllocBytesPerOp) {

    /** Limits of latency and throughput alone. */
    public BudgetLimits(Double medianMs, Double p99Ms, Double minThroughput) {
      this(medianMs, p99Ms, minThroughput, null);
    }
  }

  /**
   * The interval the forks' advice aims at: half the regression threshold, so a change that size
   * shows.
   */
  public double forkAdviceTarget() {
    double threshold = rule.threshold();
    return threshold > 0 ? threshold / 2 : Defaults.FORK_ADVICE_TARGET;
  }

  /** Whether there is anything to decide. */
  public boolean active() {
    return matching != null || budget != null;
  }

  /** The baseline, or null. */
  public Baseline baseline() {
    return matching == null ? null : matching.baseline();
  }

  /**
   * The decision on {@code measured} (with its statistics and samples), or null when inactive. A
   * failure's message starts with one line that fits a test report's list of failures (the
   * scenario, the change and its interval, the test, a changed model first), then the long form.
   */
  public GateResult check(ScenarioResult measured, long[] samplesNs) {
    if (!active()) {
      return null;
    }
    BaselineCheck baselineCheck = matching == null ? null : compare(measured, samplesNs);
    BudgetCheck budgetCheck = budget == null ? null : budget(measured);
    List<String> shortForms = new ArrayList<>();
    List<String> failures = new ArrayList<>();
    AllocationComparison allocation = baselineCheck == null ? null : baselineCheck.allocation();
    if (baselineCheck != null && baselineCheck.regressed()) {
      shortForms.add(VerdictLine.brief(baselineCheck));
      // Said beside a slower latency when allocation moved either way: often the cause.
      failures.add(
          regression(baselineCheck)
              + (allocation != null
                      && allocation.judged()
                      && allocation.verdict() != Verdict.UNCHANGED
                      && !allocation.regressed()
                  ? "; " + allocation.describe()
                  : ""));
    } else if (baselineCheck != null
        && !baselineCheck.judged()
        && matching.mode() == BaselineMatch.ALL) {
      String why =
          "not judged against the baseline ("
              + BenchConfig.BASELINE_MATCH
              + "=all): "
              + VerdictLine.reason(baselineCheck);
      shortForms.add(why);
      failures.add(why);
    }
    if (baselineCheck != null
        && baselineCheck.judged()
        && allocation != null
        && !allocation.judged()
        && matching.mode() == BaselineMatch.ALL) {
      // As latency: under match=all nothing the baseline cannot judge passes quietly.
      String why =
          "allocation not judged against the baseline ("
              + BenchConfig.BASELINE_MATCH
              + "=all): "
              + allocation.note();
      shortForms.add(why);
      failures.add(why);
    }
    if (allocation != null && allocation.regressed()) {
      shortForms.add(allocationShort(allocation));
      failures.add(allocation.describe() + " (rule: " + allocationRule.describe() + ")");
    }
    if (budgetCheck != null && budgetCheck.broken()) {
      String broken = "budget exceeded: " + String.join("; ", budgetCheck.exceeded());
      shortForms.add(broken);
      failures.add(broken);
    }
    // A swapped model is what a reader needs first, before any figure.
    String subject =
        measured.benchmark() + " " + measured.displayName() + ": " + modelChange(measured);
    // A verdict on a scenario measured before it was steady says so: the figure may be the
    // warm-up's.
    String unsteady = unsteady(measured);
    if (!failures.isEmpty()) {
      if (unsteady != null) {
        failures.add(unsteady);
      }
      boolean regressed =
          baselineCheck != null
              && (baselineCheck.regressed() || (allocation != null && allocation.regressed()));
      return new GateResult(
          true,
          measured.displayName()
              + " "
              + modelChange(measured)
              + String.join("; ", shortForms)
              + "\n"
              + subject
              + String.join("; ", failures)
              + (regressed ? whereToLook(measured) : ""),
          baselineCheck,
          budgetCheck);
    }
    List<String> notes = new ArrayList<>();
    if (baselineCheck != null) {
      notes.add(
          baselineCheck.comparison() != null ? verdictLine(baselineCheck) : baselineCheck.note());
      if (allocation != null) {
        notes.add(allocation.describe());
      }
    }
    if (budgetCheck != null) {
      if (!budgetCheck.notChecked().isEmpty()) {
        // Green, as the JVM's missing counter is no fault of the benchmark's, but said on the
        // console.
        RunWarnings.warnOnce(
            "budget not checked: " + measured.benchmark(),
            "@Budget of "
                + measured.benchmark()
                + " passes unchecked in part: "
                + String.join("; ", budgetCheck.notChecked()));
      }
      notes.add(
          budgetCheck.notChecked().isEmpty()
              ? "within budget"
              : "within budget as far as checked; " + String.join("; ", budgetCheck.notChecked()));
    }
    if (unsteady != null) {
      notes.add(unsteady);
    }
    return new GateResult(false, subject + String.join("; ", notes), baselineCheck, budgetCheck);
  }

  /**
   * For a regressed scenario profiled here and in the baseline: the differential flame graph of the
   * two profiles, written to {@link #profileFolder}, and the frames whose self share grew most, as
   * lines of the failure message; why there is none when only one side or kinds that differ were
   * profiled; empty when neither side was.
   */
  private String whereToLook(ScenarioResult measured) {
    Baseline baseline = matching.baseline();
    ScenarioResult before = baseline.result(measured.key());
    if (before == null || (before.profile() == null && measured.profile() == null)) {
      return "";
    }
    if (profileFolder == null) {
      return "\nno differential flame graph: this run writes no run folder to put it in";
    }
    ScenarioProfileDifference difference =
        ScenarioProfileDifference.of(
            baseline.dir(),
            before.profile(),
            Path.of(""),
            measured.profile(),
            measured.benchmark()
                + " "
                + measured.displayName()
                + " vs baseline "
                + baseline.runId(),
            profileFolder.resolve(
                ScenarioProfileDifference.fileName(
                    measured.benchmark(), measured.displayName(), baseline.runId())));
    if (difference.warning() != null) {
      RunWarnings.warnOnce("gate profile " + difference.warning(), difference.warning());
    }
    StringBuilder lines = new StringBuilder();
    if (!difference.grown().isEmpty()) {
      lines.append("\nwhere to look first (").append(difference.kind()).append("): ");
      lines.append(difference.grownLine());
    }
    lines.append('\n');
    lines.append(
        difference.flameGraph() != null
            ? "differential flame graph: " + difference.flameGraph().toAbsolutePath()
            : difference.note());
    return lines.toString();
  }

  /**
   * Why the warm-up of {@code measured} or of its baseline scenario was not steady, or null when
   * both were, or neither was run until steady.
   */
  private String unsteady(ScenarioResult measured) {
    List<String> sides = new ArrayList<>();
    if (measured.warmup() != null && Boolean.FALSE.equals(measured.warmup().steady())) {
      sides.add("this run's: " + measured.warmup().steadyReason());
    }
    ScenarioResult before = matching == null ? null : matching.baseline().result(measured.key());
    if (before != null
        && before.warmup() != null
        && Boolean.FALSE.equals(before.warmup().steady())) {
      sides.add("the baseline's: " + before.warmup().steadyReason());
    }
    return sides.isEmpty() ? null : "warm-up not steady (" + String.join("; ", sides) + ")";
  }

  private BaselineCheck compare(ScenarioResult measured, long[] samplesNs) {
    Baseline baseline = matching.baseline();
    String file = baseline.file().toString();
    ScenarioResult before = baseline.result(measured.key());
    if (before == null) {
      return new BaselineCheck(
          file,
          baseline.runId(),
          false,
          null,
          null,
          rule,
          "NOT JUDGED: not in the baseline; " + matching.unmatched(measured.key()));
    }
    if (before.latencyMs() == null) {
      // A baseline scenario the gate failed kept its figures and is compared, as compare does.
      return new BaselineCheck(
          file,
          baseline.runId(),
          false,
          null,
          null,
          rule,
          "NOT JUDGED: the baseline's scenario was not measured (" + before.status().id() + ")");
    }
    long[] beforeSamples = baseline.samples(before);
    Comparison comparison = ScenarioComparison.of(before, beforeSamples, measured, samplesNs, rule);
    String note =
        comparison.test().equals(Comparison.WALD)
            ? "the baseline kept no samples.csv: compared on medians and their intervals (Wald test)"
            : null;
    Double change = comparison.ratio() == null ? null : comparison.ratio() - 1;
    AllocationFigures then = before.alloc();
    AllocationFigures now = measured.alloc();
    AllocationComparison allocation =
        allocationRule.judge(
            then == null ? null : then.bytesPerOp(),
            then == null ? "no alloc group" : then.unavailableReason(),
            now == null ? null : now.bytesPerOp(),
            now == null ? "no alloc group" : now.unavailableReason());
    return new BaselineCheck(
        file,
        baseline.runId(),
        true,
        change,
        comparison,
        rule,
        note == null
            ? comparison.note()
            : comparison.note() == null ? note : note + "; " + comparison.note(),
        allocation);
  }

  /**
   * {@code allocation regressed 1 KB/op -> 2 KB/op (+100.0%, +1 KB/op; rule: allocation change > 5%
   * and >= 64 B/op)}.
   */
  private String allocationShort(AllocationComparison allocation) {
    String figures = allocation.figures();
    return "allocation regressed "
        + figures.substring(0, figures.length() - 1)
        + "; rule: "
        + allocationRule.describe()
        + ")";
  }

  /**
   * {@code model changed: a (34 MB, sha ..) -> b (133 MB, sha ..); } when the baseline's model
   * differs, else empty.
   */
  private String modelChange(ScenarioResult measured) {
    ScenarioResult before = matching == null ? null : matching.baseline().result(measured.key());
    return before == null
        ? ""
        : ModelChange.describe(before.model(), measured.model())
            .map(change -> change + "; ")
            .orElse("");
  }

  private String regression(BaselineCheck check) {
    return verdictLine(check) + " against " + check.file() + " (rule: " + rule.describe() + ")";
  }

  /**
   * {@code regressed: median +12.3% (95% CI +10.1% to +14.6%), p = 3.2e-12 (mann-whitney-u, 100 vs
   * 100 samples), 7.312 ms -> 8.211 ms}; forked runs name Welch's test and count forks; a verdict
   * of one JVM against one JVM starts {@code regressed (unforked: between-JVM variance unknown)}.
   */
  public static String verdictLine(BaselineCheck check) {
    return VerdictLine.of(check);
  }

  private BudgetCheck budget(ScenarioResult measured) {
    LatencySummary latency = measured.latencyMs();
    List<String> exceeded = new ArrayList<>();
    if (budget.medianMs() != null && latency.median() > budget.medianMs()) {
      exceeded.add(
          "median "
              + UnitFormat.duration(latency.median())
              + " > "
              + UnitFormat.duration(budget.medianMs()));
    }
    if (budget.p99Ms() != null && latency.p99() > budget.p99Ms()) {
      exceeded.add(
          "p99 "
              + UnitFormat.duration(latency.p99())
              + " > "
              + UnitFormat.duration(budget.p99Ms()));
    }
    Double throughput = measured.throughput() == null ? null : measured.throughput().value();
    if (budget.minThroughput() != null
        && (throughput == null || throughput < budget.minThroughput())) {
      exceeded.add(
          "throughput "
              + (throughput == null ? "unknown" : UnitFormat.rate(measured.throughput()))
              + " < "
              + UnitFormat.rate(
                  new Throughput(budget.minThroughput(), Throughput.SAMPLES_PER_SECOND)));
    }
    List<String> notChecked = new ArrayList<>();
    if (budget.maxAllocBytesPerOp() != null) {
      AllocationFigures alloc = measured.alloc();
      Double bytes = alloc == null ? null : alloc.bytesPerOp();
      if (bytes == null) {
        notChecked.add(
            "allocation limit "
                + AllocationComparison.bytesPerOp(budget.maxAllocBytesPerOp())
                + " not checked: no allocation figure"
                + (alloc == null || alloc.unavailableReason() == null
                    ? ""
                    : " (" + alloc.unavailableReason() + ")"));
      } else if (bytes > budget.maxAllocBytesPerOp()) {
        exceeded.add(
            "allocation "
                + AllocationComparison.bytesPerOp(bytes)
                + " > "
                + AllocationComparison.bytesPerOp(budget.maxAllocBytesPerOp()));
      }
    }
    return new BudgetCheck(
        budget.medianMs(),
        budget.p99Ms(),
        budget.minThroughput(),
        List.copyOf(exceeded),
        budget.maxAllocBytesPerOp(),
        List.copyOf(notChecked));
  }
}
