package dev.junitbench.testkit;

import dev.junitbench.results.GateResult;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.Verdict;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.assertj.core.api.AbstractAssert;

/**
 * AssertJ assertions on one scenario's result; a failure shows the result's status, error, params
 * and figures, so a red test says what the scenario did instead.
 *
 * <pre>{@code
 * assertThat(outcome.result("[device=cpu, batch_size=8]")).failed().hasErrorContaining("batch of eight")
 *     .hasNoFigures();
 * }</pre>
 *
 * <p>Timing figures are never asserted tightly here: tests assert, benchmarks measure.
 */
public final class ScenarioResultAssert
    extends AbstractAssert<ScenarioResultAssert, ScenarioResult> {

  private ScenarioResultAssert(ScenarioResult actual) {
    super(actual, ScenarioResultAssert.class);
  }

  /** The entry point; import it statically beside AssertJ's {@code assertThat}. */
  public static ScenarioResultAssert assertThat(ScenarioResult actual) {
    return new ScenarioResultAssert(actual);
  }

  /** Ended passed. */
  public ScenarioResultAssert passed() {
    return hasStatus(Status.PASSED);
  }

  /** Ended failed (an invalid configuration, a throwing body, or the gate). */
  public ScenarioResultAssert failed() {
    return hasStatus(Status.FAILED);
  }

  /** Ended aborted: it cannot run here. */
  public ScenarioResultAssert aborted() {
    return hasStatus(Status.ABORTED);
  }

  private ScenarioResultAssert hasStatus(Status expected) {
    isNotNull();
    if (actual.status() != expected) {
      failWithMessage(
          "%nExpected the scenario to have %s, but it did not:%n  %s",
          expected.id(), describe(actual));
    }
    return this;
  }

  /** Its error (what results.json writes) contains {@code part}. */
  public ScenarioResultAssert hasErrorContaining(String part) {
    isNotNull();
    if (actual.error() == null || !actual.error().contains(part)) {
      failWithMessage(
          "%nExpected the scenario's error to contain:%n  %s%nbut it is:%n  %s",
          part, describe(actual));
    }
    return this;
  }

  /** Has its latency statistics: it passed, or the gate or a budget failed it. */
  public ScenarioResultAssert hasFigures() {
    isNotNull();
    if (actual.latencyMs() == null) {
      failWithMessage(
          "%nExpected the scenario to have latency figures, but it has none:%n  %s",
          describe(actual));
    }
    return this;
  }

  /** Has no latency statistics: it was not measured, or it failed while measured. */
  public ScenarioResultAssert hasNoFigures() {
    isNotNull();
    if (actual.latencyMs() != null) {
      failWithMessage(
          "%nExpected the scenario to have no latency figures, but it has:%n  %s",
          describe(actual));
    }
    return this;
  }

  /** Its latency statistics count {@code count} samples. */
  public ScenarioResultAssert hasSamples(long count) {
    hasFigures();
    if (actual.latencyMs().count() != count) {
      failWithMessage(
          "%nExpected the scenario to have %s samples, but it has %s:%n  %s",
          count, actual.latencyMs().count(), describe(actual));
    }
    return this;
  }

  /** Ran {@code iterations} warm-up iterations. */
  public ScenarioResultAssert hasWarmupIterations(long iterations) {
    isNotNull();
    if (actual.warmup() == null || actual.warmup().iterations() != iterations) {
      failWithMessage(
          "%nExpected %s warm-up iterations, but the scenario ran:%n  %s",
          iterations, describe(actual));
    }
    return this;
  }

  /** Ran {@code iterations} measured iterations. */
  public ScenarioResultAssert hasMeasuredIterations(long iterations) {
    isNotNull();
    if (actual.measurement() == null || actual.measurement().iterations() != iterations) {
      failWithMessage(
          "%nExpected %s measured iterations, but the scenario ran:%n  %s",
          iterations, describe(actual));
    }
    return this;
  }

  /** Has param {@code name} with {@code value} among its params. */
  public ScenarioResultAssert hasParam(String name, Object value) {
    isNotNull();
    if (!actual.params().containsKey(name) || !Objects.equals(actual.params().get(name), value)) {
      failWithMessage(
          "%nExpected the scenario to have param %s=%s, but it has:%n  %s",
          name, value, describe(actual));
    }
    return this;
  }

  /**
   * Has exactly the params {@code expected}, in this order (the display order); none for no
   * argument.
   */
  @SafeVarargs
  public final ScenarioResultAssert hasParams(Map.Entry<String, ?>... expected) {
    isNotNull();
    if (!List.copyOf(actual.params().entrySet()).equals(List.of(expected))) {
      failWithMessage(
          "%nExpected the scenario to have exactly the params %s, in this order, but it has:%n  %s",
          List.of(expected), describe(actual));
    }
    return this;
  }

  /** Was judged against the baseline with {@code verdict}. */
  public ScenarioResultAssert hasVerdict(Verdict verdict) {
    isNotNull();
    GateResult gate = actual.gate();
    if (gate == null
        || gate.baseline() == null
        || gate.baseline().comparison() == null
        || gate.baseline().comparison().verdict() != verdict) {
      failWithMessage(
          "%nExpected the gate's verdict %s, but the gate said:%n  %s%nof:%n  %s",
          verdict, gate == null ? "nothing (no gate)" : gate.message(), describe(actual));
    }
    return this;
  }

  /** One line: what the scenario is, how it ended and what it measured. */
  private static String describe(ScenarioResult result) {
    LatencySummary latency = result.latencyMs();
    String figures =
        latency == null
            ? "none"
            : "count "
                + latency.count()
                + ", median "
                + latency.median()
                + " ms, min "
                + latency.min()
                + " ms, max "
                + latency.max()
                + " ms";
    String status = result.status() == null ? "still running" : result.status().id();
    return result.benchmark()
        + " "
        + result.displayName()
        + ": status "
        + status
        + ", error "
        + result.error()
        + ", params "
        + result.params()
        + ", warm-up "
        + result.warmup()
        + ", measurement "
        + result.measurement()
        + ", latency_ms "
        + figures;
  }
}
