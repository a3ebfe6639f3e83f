package dev.junitbench.reports.summary;

import static dev.junitbench.reports.Fixtures.CLASSIFY;
import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.lognormal;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.BaselineCheck;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.Comparison;
import dev.junitbench.stats.RegressionRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs for the summary's tests: two benchmarks, scenarios aborted for want of CUDA, a baseline and
 * a current run with one scenario slower and one faster, and the same verdicts as the gate records
 * them.
 */
final class SummaryRuns {

  /** Why the CUDA scenarios were aborted, after the scenario the message starts with. */
  static final String NO_CUDA = "CUDA requested; onnxruntime offers [CPU] here";

  /** The baseline file the gate's verdicts name. */
  static final String BASELINE_FILE = "/ci/baseline/results.json";

  /** The model change the gate recorded for the batch 8 scenario. */
  static final String MODEL_CHANGE =
      "model changed: e5-q.onnx (34 MB, sha 1a2b3c4d..) -> e5.onnx (133 MB, sha 3c4d5e6f..)";

  private SummaryRuns() {}

  /** A scenario of {@code benchmark} that ended {@code status} for {@code reason}. */
  static ScenarioResult ended(
      String benchmark, Map<String, Object> params, Status status, String reason) {
    String display = params.toString().replace("{", "[").replace("}", "]");
    return RunFolders.ended(benchmark, params, status, benchmark + " " + display + ": " + reason);
  }

  /** {@code device=cuda} and then {@code pairs}. */
  static Map<String, Object> cuda(Object... pairs) {
    Map<String, Object> params = new LinkedHashMap<>(params(pairs));
    params.put("device", "cuda");
    return params;
  }

  /** The baseline: EMBED at batch sizes 1, 8 and 32, CLASSIFY in two modes; 100 samples each. */
  static Path baseline(Path parent) {
    return RunFolders.write(parent, "run-base", measured(1, 1, 1), "ci-1");
  }

  /**
   * The current run: as the baseline with EMBED batch 8 slower by {@code slower} and batch 32
   * faster by {@code faster}, a scenario the baseline lacks, and two CUDA scenarios aborted.
   */
  static Path current(Path parent, String name, double slower, double faster) {
    List<ScenarioResult> results = new ArrayList<>(measured(10, slower, faster));
    results.add(passed(CLASSIFY, params("batch_size", 1, "mode", "compiled"), 30, 100, 3e6));
    results.add(ended(EMBED, cuda("batch_size", 1, "mode", "eager"), Status.ABORTED, NO_CUDA));
    results.add(ended(EMBED, cuda("batch_size", 8, "mode", "eager"), Status.ABORTED, NO_CUDA));
    return RunFolders.write(parent, name, results, "ci-1");
  }

  private static List<ScenarioResult> measured(long seed, double slower, double faster) {
    return List.of(
        passed(EMBED, params("batch_size", 1, "mode", "eager"), seed, 100, 7e6),
        passed(EMBED, params("batch_size", 8, "mode", "eager"), seed + 1, 100, 44e6 * slower),
        passed(EMBED, params("batch_size", 32, "mode", "eager"), seed + 2, 100, 160e6 * faster),
        passed(CLASSIFY, params("batch_size", 1, "mode", "eager"), seed + 3, 100, 2e6),
        passed(CLASSIFY, params("batch_size", 1, "mode", "optimized"), seed + 4, 100, 1.5e6));
  }

  /**
   * The current run as the gate writes it when the run names the baseline: each scenario carries
   * its verdict (batch 8 regressed and failed, its model changed; batch 32 improved), the scenario
   * the baseline lacks is NOT JUDGED, the CUDA scenarios aborted carry none.
   */
  static Path gated(Path parent, String name) {
    RegressionRule rule = RegressionRule.DEFAULT;
    List<ScenarioResult> results = new ArrayList<>();
    double[][] scenarios = {{1, 7e6, 1}, {8, 44e6, 1.2}, {32, 160e6, 0.8}};
    long seed = 1;
    for (double[] scenario : scenarios) {
      Map<String, Object> params = params("batch_size", (int) scenario[0], "mode", "eager");
      long[] before = lognormal(seed, 100, scenario[1]);
      long[] now = lognormal(seed + 10, 100, scenario[1] * scenario[2]);
      seed++;
      Comparison comparison = Comparison.ofSamples(before, before.length, now, now.length, rule);
      BaselineCheck check =
          new BaselineCheck(
              BASELINE_FILE, "run-base", true, comparison.ratio() - 1, comparison, rule, null);
      ScenarioResult result = RunFolders.passed(EMBED, params, now);
      String subject = result.benchmark() + " " + result.displayName() + ": ";
      boolean regressed = check.regressed();
      String model = regressed ? MODEL_CHANGE + "; " : "";
      result =
          result.withGate(
              new GateResult(
                  regressed,
                  regressed
                      ? result.displayName() + " " + model + "regressed\n" + subject + model
                      : subject + comparison.verdict().words(),
                  check,
                  null));
      results.add(regressed ? result.ended(Status.FAILED, "regressed") : result);
    }
    ScenarioResult added =
        passed(CLASSIFY, params("batch_size", 1, "mode", "compiled"), 30, 100, 3e6);
    results.add(
        added.withGate(
            new GateResult(
                false,
                added.benchmark() + " " + added.displayName() + ": NOT JUDGED: not in the baseline",
                new BaselineCheck(
                    BASELINE_FILE,
                    "run-base",
                    false,
                    null,
                    null,
                    rule,
                    "NOT JUDGED: not in the baseline; no scenario of it matches"),
                null)));
    results.add(ended(EMBED, cuda("batch_size", 1, "mode", "eager"), Status.ABORTED, NO_CUDA));
    return RunFolders.write(parent, name, results, "ci-1");
  }

  /** The run folder at {@code dir}, read. */
  static RunFolder read(Path dir) throws BadInputException {
    return Runs.read(dir);
  }
}
