package dev.junitbench.reports.compare;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.SequentialVerdict;
import java.util.Locale;

/**
 * A comparison for machines: the counts, the rule and method, both runs, and per scenario its key,
 * what happened to it, both sides' figures and the comparison, in the result files' snake_case.
 */
public final class ComparisonJson {

  private static final ObjectMapper JSON = ResultsJson.mapper();

  private ComparisonJson() {}

  /** The JSON text. */
  public static String render(RunComparison comparison) {
    return render(comparison, RegressionProfiles.none());
  }

  /**
   * The JSON text; a regressed scenario with profiles has a {@code profile_difference}: kind,
   * {@code flame_graph} (relative to the output's folder, or null), {@code grown_frames}, {@code
   * note}; every scenario a {@code warmup}: each side's {@code steady} and {@code steady_reason},
   * and the {@code note} the text writes beside its verdict when one was not steady, else null.
   */
  public static String render(RunComparison comparison, RegressionProfiles profiles) {
    var mapper = JSON;
    ObjectNode root = mapper.createObjectNode();
    root.put("summary", comparison.summaryLine());
    root.set("counts", mapper.valueToTree(comparison.counts()));
    root.put("regressed", comparison.regressed());
    root.set("rule", mapper.valueToTree(comparison.rule()));
    root.set("allocation_rule", mapper.valueToTree(comparison.allocationRule()));
    root.put("method", comparison.method());
    root.set(
        "baseline",
        comparison.pooled() ? rounds(comparison.baselineRounds()) : run(comparison.baseline()));
    root.set(
        "current",
        comparison.pooled() ? rounds(comparison.currentRounds()) : run(comparison.current()));
    var scenarios = root.putArray("scenarios");
    for (RunComparison.Row row : comparison.rows()) {
      ObjectNode node = scenarios.addObject();
      node.put("benchmark", row.key().benchmark());
      node.set("params", mapper.valueToTree(row.named().params()));
      node.put("display_name", row.named().displayName());
      node.put("kind", row.kind().name().toLowerCase(Locale.ROOT));
      node.put("verdict", row.verdict() == null ? null : row.verdict().id());
      node.put("model_change", row.modelChange());
      node.set("baseline", side(row.before()));
      node.set("current", side(row.after()));
      node.set("latency", row.latency() == null ? null : mapper.valueToTree(row.latency()));
      node.put("lost", row.lost());
      SequentialVerdict state = SequentialCompare.of(row);
      if (state != null) {
        ObjectNode sequential = node.putObject("sequential");
        sequential.put("settled", state.settled());
        sequential.put("round", state.round());
        sequential.put("why", state.why());
      }
      node.set("allocation", mapper.valueToTree(comparison.allocation(row)));
      node.set("warmup", WarmupNote.json(comparison, row));
      node.set("profile_difference", RegressionProfileText.json(row, profiles));
      ObjectNode throughput = node.putObject("throughput");
      throughput.put("ratio", row.throughputRatio());
      throughput.put("change", row.throughputRatio() == null ? null : row.throughputRatio() - 1);
      throughput.put("higher_is_better", true);
      if (row.pool() != null) {
        ObjectNode pool = node.putObject("rounds");
        pool.put("baseline", row.pool().baselineRounds());
        pool.put("current", row.pool().currentRounds());
        pool.set("baseline_jvm_medians_ms", mapper.valueToTree(row.pool().baselineMs()));
        pool.set("current_jvm_medians_ms", mapper.valueToTree(row.pool().currentMs()));
      }
    }
    try {
      return mapper.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a comparison could not be written as JSON", e);
    }
  }

  /**
   * A side of rounds: its folder (null for a side given as one run), how many rounds, and each
   * round.
   */
  private static ObjectNode rounds(Rounds rounds) {
    ObjectNode node = JSON.createObjectNode();
    node.put("folder", rounds.folder() == null ? null : rounds.folder().toString());
    node.put("rounds", rounds.runs().size());
    var runs = node.putArray("runs");
    rounds.runs().forEach(run -> runs.add(run(run)));
    return node;
  }

  private static ObjectNode run(RunFolder run) {
    ObjectNode node = JSON.createObjectNode();
    node.put("file", run.resultsFile().toString());
    node.put("run_id", run.run().id());
    node.put("started_at", run.run().startedAt());
    node.set("git", JSON.valueToTree(run.run().git()));
    node.put("host", run.run().host() == null ? null : run.run().host().name());
    node.put("samples", run.hasSamples());
    if (run.jmhVersion() != null) {
      // Read from JMH's result file: the JMH version that wrote it, or "unknown".
      node.put("jmh_version", run.jmhVersion());
    }
    return node;
  }

  private static ObjectNode side(ScenarioResult result) {
    if (result == null) {
      return null;
    }
    ObjectNode node = JSON.createObjectNode();
    node.put("result_id", result.id());
    node.put("status", result.status() == null ? null : result.status().id());
    node.put("error", result.error());
    node.set("latency_ms", JSON.valueToTree(result.latencyMs()));
    node.set("throughput", JSON.valueToTree(result.throughput()));
    node.set("model", JSON.valueToTree(result.model()));
    node.set("alloc", JSON.valueToTree(result.alloc()));
    return node;
  }
}
