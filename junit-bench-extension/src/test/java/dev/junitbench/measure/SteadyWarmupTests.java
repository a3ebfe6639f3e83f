package dev.junitbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("A warm-up run until steady")
class SteadyWarmupTests {

  private static final String CPU = "[device=cpu]";

  @TempDir Path tempDir;

  private ListenerRun run(String folder) {
    return ListenerRun.into(tempDir.resolve(folder));
  }

  private static List<Double> medians(JsonNode curve) {
    List<Double> medians = new ArrayList<>();
    curve.get("windows").forEach(window -> medians.add(window.get("median_ms").asDouble()));
    return medians;
  }

  @Test
  @DisplayName("settles only once a falling cost has stopped falling, and keeps its curve")
  void settlesAfterTheFall() {
    ListenerRun.Outcome outcome =
        run("out")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.Falling.class);

    JsonNode warmup = outcome.result("fall", CPU).get("warmup");
    assertThat(warmup.get("steady").asBoolean()).isTrue();
    assertThat(warmup.get("steady_reason").isNull()).isTrue();
    JsonNode curve = warmup.get("curve");
    assertThat(curve.get("settled_at_ms").asDouble())
        .isGreaterThanOrEqualTo(SteadyWarmupTestCases.FALL_NS / 1e6);
    assertThat(curve.get("windows_compared").asInt()).isEqualTo(8);
    assertThat(curve.get("tolerance").asDouble()).isEqualTo(0.02);
    List<Double> medians = medians(curve);
    assertThat(medians).hasSizeGreaterThanOrEqualTo(16);
    // The curve is the benchmark's: three times the settled cost at first.
    assertThat(medians.get(0)).isGreaterThan(1.5 * medians.get(medians.size() - 1));
    assertThat(curve.get("windows").get(medians.size() - 1).get("end_ms").asDouble())
        .isEqualTo(curve.get("settled_at_ms").asDouble());
    assertThat(warmup.get("time_ms").asDouble())
        .isGreaterThanOrEqualTo(curve.get("settled_at_ms").asDouble());
    assertThat(outcome.printed()).contains("warm-up steady at ");
    assertThat(outcome.out())
        .contains("warm-up until steady: 1 of 1 scenario settled")
        .doesNotContain("NOT steady");
  }

  @Test
  @DisplayName("of a benchmark steady from the start settles once it has the windows it compares")
  void flatSettles() {
    ListenerRun.Outcome outcome = run("out").run(SteadyWarmupTestCases.Flat.class);

    JsonNode warmup = outcome.result("flat", CPU).get("warmup");
    assertThat(warmup.get("steady").asBoolean()).isTrue();
    assertThat(medians(warmup.get("curve"))).hasSizeGreaterThanOrEqualTo(8);
    assertThat(outcome.reported("flat", CPU).getStatus())
        .isEqualTo(TestExecutionResult.Status.SUCCESSFUL);
  }

  @Test
  @DisplayName(
      "that never settles is measured at its bound and flagged with the drift it still showed")
  void neverSettles() {
    ListenerRun.Outcome outcome =
        run("out")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.Growing.class);

    JsonNode result = outcome.result("grow", CPU);
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("latency_ms").isNull()).isFalse();
    JsonNode warmup = result.get("warmup");
    assertThat(warmup.get("steady").asBoolean()).isFalse();
    assertThat(warmup.get("steady_reason").asText())
        .startsWith("still drifting +")
        .contains("% per window after ")
        .contains("steady means within ±2.0% over 8 windows");
    assertThat(warmup.get("curve").get("settled_at_ms").isNull()).isTrue();
    assertThat(warmup.get("curve").get("drift_per_window").asDouble()).isPositive();
    assertThat(warmup.get("time_ms").asDouble()).isGreaterThanOrEqualTo(2000);
    assertThat(outcome.printed()).contains("warm-up NOT steady: still drifting +");
    assertThat(outcome.out())
        .contains(
            "warm-up until steady: 0 of 1 scenario settled; NOT steady, measured at the bound:")
        .contains("SteadyWarmupTestCases$Growing.grow [device=cpu]: still drifting +");
  }

  @Test
  @DisplayName("that never settled is named in the gate's verdict, for either side")
  void gateSaysSo() {
    ListenerRun.Outcome baseline =
        run("baseline")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.Growing.class);
    ListenerRun.Outcome gated =
        run("gated")
            .config("junit.bench.warmup.window", "100ms")
            .config("junit.bench.baseline", baseline.runDir().toString())
            .config("junit.bench.forks", "0")
            .run(SteadyWarmupTestCases.Growing.class);

    String message = gated.result("grow", CPU).get("gate").get("message").asText();
    assertThat(message)
        .contains("warm-up not steady (this run's: still drifting +")
        .contains("; the baseline's: still drifting +");
    assertThat(gated.printed()).contains("warm-up not steady (this run's: still drifting +");
  }

  @Test
  @DisplayName("that never settled is named in a verdict on its budget alone")
  void budgetSaysSo() {
    ListenerRun.Outcome outcome =
        run("out")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.GrowingWithinBudget.class);

    String message = outcome.result("grow", CPU).get("gate").get("message").asText();
    assertThat(message)
        .contains("within budget; warm-up not steady (this run's: still drifting +")
        .doesNotContain("the baseline's");
  }

  @Test
  @DisplayName("too slow for its windows to fit in the bound is flagged with the setting to raise")
  void windowsDoNotFit() {
    ListenerRun.Outcome outcome =
        run("out")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.Slow.class);

    JsonNode warmup = outcome.result("slow", CPU).get("warmup");
    assertThat(warmup.get("steady").asBoolean()).isFalse();
    assertThat(warmup.get("steady_reason").asText())
        .contains("of the 8 windows compared")
        .contains("a call")
        .contains("raise junit.bench.warmup.max-time or @Warmup(maxTime)");
  }

  @Test
  @DisplayName("is not run for a fixed warm-up, whose result carries no steadiness")
  void fixedHasNone() {
    ListenerRun.Outcome outcome =
        run("out").without("junit.bench.warmup.iterations").run(SteadyWarmupTestCases.Fixed.class);

    JsonNode warmup = outcome.result("fixed", CPU).get("warmup");
    assertThat(warmup.get("iterations").asLong()).isEqualTo(2);
    assertThat(warmup.get("steady").isNull()).isTrue();
    assertThat(warmup.get("curve").isNull()).isTrue();
    assertThat(outcome.printed() + outcome.out())
        .doesNotContain("warm-up steady")
        .doesNotContain("NOT steady");
  }

  @Test
  @DisplayName(
      "is asked for by -Djunit.bench.warmup.mode=steady, which also wins over the annotation")
  void modeSetting() {
    ListenerRun.Outcome steady =
        run("out")
            .config("junit.bench.warmup.mode", "steady")
            .config("junit.bench.warmup.max-time", "10s")
            .run(SteadyWarmupTestCases.Fixed.class);
    assertThat(steady.result("fixed", CPU).get("warmup").get("steady").isNull()).isFalse();
    assertThat(steady.result("fixed", CPU).get("warmup").get("curve").get("max_time_ms").asDouble())
        .isEqualTo(10_000);

    ListenerRun.Outcome fixed =
        run("out-2")
            .config("junit.bench.warmup.mode", "FIXED")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.Growing.class);
    assertThat(fixed.result("grow", CPU).get("warmup").get("steady").isNull()).isTrue();
  }

  @Test
  @DisplayName(
      "bounded by @Warmup(maxTime) alone when the run asks for steady warm-ups; a run that asks"
          + " for fixed ones leaves the bound unused, without an error")
  void boundOfARunWideSteadyMode() {
    ListenerRun.Outcome steady =
        run("out")
            .config("junit.bench.warmup.mode", "steady")
            .run(SteadyWarmupTestCases.BoundWithoutSteady.class);
    assertThat(
            steady.result("bounded", CPU).get("warmup").get("curve").get("max_time_ms").asDouble())
        .isEqualTo(10_000);

    ListenerRun.Outcome fixed =
        run("out-2")
            .config("junit.bench.warmup.mode", "fixed")
            .run(SteadyWarmupTestCases.BoundWithoutSteady.class);
    assertThat(fixed.result("bounded", CPU).get("warmup").get("steady").isNull()).isTrue();
    assertThat(fixed.result("bounded", CPU).get("status").asText()).isEqualTo("passed");
  }

  @Test
  @DisplayName("in forks is decided by each fork, and the scenario says which fork did not settle")
  void eachForkDecides() {
    ListenerRun.Outcome outcome =
        run("out")
            .config("junit.bench.warmup.window", "100ms")
            .run(SteadyWarmupTestCases.GrowingForked.class);

    JsonNode result = outcome.result("grow", CPU);
    assertThat(result.get("warmup").get("steady").asBoolean()).isFalse();
    assertThat(result.get("warmup").get("steady_reason").asText())
        .startsWith("fork 1: still drifting +");
    JsonNode runs = result.get("forks").get("runs");
    assertThat(runs).hasSize(2);
    for (JsonNode fork : runs) {
      assertThat(fork.get("warmup").get("steady").asBoolean()).isFalse();
      assertThat(medians(fork.get("warmup").get("curve"))).isNotEmpty();
    }
  }

  @Test
  @DisplayName("with a bad bound, mode or tolerance fails with the setting and the fix")
  void badSettings() {
    assertThat(failure(run("a").run(SteadyWarmupTestCases.BoundWithoutSteady.class), "bounded"))
        .contains("@Warmup(maxTime = \"10s\") on bounded of")
        .contains("bounds a steady warm-up, and this one is fixed (the default)")
        .contains("add until = Until.STEADY (or -Djunit.bench.warmup.mode=steady for the run)");
    assertThat(failure(run("a2").run(SteadyWarmupTestCases.BoundOnFixed.class), "bounded"))
        .contains("@Warmup(maxTime = \"10s\") on bounded of")
        .contains("until = Until.FIXED asks for none; leave maxTime out");
    // The warm-up's own minimum counts, not one a run sets in its place.
    assertThat(
            failure(
                run("b")
                    .without("junit.bench.warmup.iterations")
                    .run(SteadyWarmupTestCases.BoundBelowMinimum.class),
                "bounded"))
        .contains("@Warmup(maxTime = \"2s\") of")
        .contains("is below the warm-up's minimum of 5s; raise the bound");
    assertThat(failure(run("c").run(SteadyWarmupTestCases.BoundBelowWindows.class), "bounded"))
        .contains("holds fewer than 16 windows of 250ms, twice the 8 a steady warm-up compares")
        .contains("raise the bound to 4s or more, or shorten -Djunit.bench.warmup.window");
    assertThat(
            failure(
                run("d")
                    .config("junit.bench.warmup.mode", "steadily")
                    .run(SteadyWarmupTestCases.Fixed.class),
                "fixed"))
        .contains("-Djunit.bench.warmup.mode=steadily is not valid; use steady");
    for (String tolerance : List.of("2", "abc", "0%", "-1%")) {
      assertThat(
              failure(
                  run("e" + tolerance.hashCode())
                      .config("junit.bench.warmup.tolerance", tolerance)
                      .run(SteadyWarmupTestCases.Fixed.class),
                  "fixed"))
          .contains("-Djunit.bench.warmup.tolerance=" + tolerance + " is not valid")
          .contains("use a drift in (0, 1) such as 2% or 0.02");
    }
    assertThat(
            failure(
                run("g")
                    .config("junit.bench.warmup.window", "1ms")
                    .run(SteadyWarmupTestCases.Fixed.class),
                "fixed"))
        .contains("-Djunit.bench.warmup.window=1ms is too short; use 10ms or more");
    assertThat(
            failure(
                run("h")
                    .without("junit.bench.warmup.iterations")
                    .run(SteadyWarmupTestCases.OffButSteady.class),
                "off"))
        .contains("is off (iterations = 0 and no time) and asked to run until steady")
        .contains("@Warmup(until = Until.STEADY)")
        .contains("give it a minimum such as iterations = 1");
    assertThat(
            failure(
                run("i")
                    .config("junit.bench.warmup.iterations", "0")
                    .config("junit.bench.warmup.mode", "steady")
                    .run(SteadyWarmupTestCases.Fixed.class),
                "fixed"))
        .contains("asked to run until steady (-Djunit.bench.warmup.mode=steady)");
    assertThat(
            failure(
                run("f")
                    .config("junit.bench.warmup.mode", "steady")
                    .config("junit.bench.warmup.max-time", "500ms")
                    .run(SteadyWarmupTestCases.Fixed.class),
                "fixed"))
        .contains("-Djunit.bench.warmup.max-time=500ms of")
        .contains("holds fewer than 16 windows");
  }

  private static String failure(ListenerRun.Outcome outcome, String method) {
    TestExecutionResult reported = outcome.reported(method, "[invalid configuration]");
    assertThat(reported.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
    return reported.getThrowable().orElseThrow().getMessage();
  }
}
