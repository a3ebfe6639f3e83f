package dev.junitbench.fork;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("Forks until the answer is known")
class AdaptiveForkTests {

  @TempDir Path tempDir;

  private static final String INVALID = "[invalid configuration]";

  @Test
  @DisplayName(
      "with junit.bench.forks=auto, stop at min when the forks agree, and say so in results.json and on the console")
  void stopsAtMin() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("out"))
            .config("junit.bench.forks", "auto")
            .config("junit.bench.forks.max", "4")
            .config("junit.bench.forks.precision", "25%")
            .run(AdaptiveForkTestCases.Steady.class);

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    JsonNode forks = outcome.result("work", "[device=cpu]").get("forks");
    assertThat(forks.get("completed").asInt()).isEqualTo(3);
    assertThat(forks.get("planned").asInt()).isEqualTo(3);
    assertThat(forks.get("runs")).hasSize(3);
    JsonNode adaptive = forks.get("adaptive");
    assertThat(adaptive.get("min").asInt()).isEqualTo(3);
    assertThat(adaptive.get("max").asInt()).isEqualTo(4);
    assertThat(adaptive.get("precision").asDouble()).isEqualTo(0.25);
    assertThat(adaptive.get("stopped").asText()).isEqualTo("precision_reached");
    double halfWidth = adaptive.get("half_width").asDouble();
    assertThat(halfWidth).isBetween(0.0, 0.25);
    // The interval reported is the one the stopping test used: its half-width is the one recorded.
    double low = forks.get("ci95_low").asDouble();
    double high = forks.get("ci95_high").asDouble();
    assertThat((high - low) / (2 * forks.get("median_ms").asDouble()))
        .isCloseTo(halfWidth, within(1e-9));
    assertThat(forks.get("method").asText())
        .isEqualTo(
            "sequential student-t on log fork medians, 2 df, quantile x1.25 (stopping corrected)");

    assertThat(outcome.printed())
        .contains("[fork 1 of at most 4] ")
        .containsPattern(
            "3 forks: median .*, precision \\+-25\\.0% reached at 3 forks \\(\\+-[0-9.]+%\\)");
  }

  @Test
  @DisplayName("runs max forks when the precision cannot be reached, and says so")
  void runsMax() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("out")).run(AdaptiveForkTestCases.Spreading.class);

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    JsonNode forks = outcome.result("work", "[device=cpu]").get("forks");
    assertThat(forks.get("completed").asInt()).isEqualTo(4);
    assertThat(forks.get("planned").asInt()).isEqualTo(4);
    JsonNode adaptive = forks.get("adaptive");
    assertThat(adaptive.get("stopped").asText()).isEqualTo("max_reached");
    assertThat(adaptive.get("precision").asDouble()).isEqualTo(0.01);
    assertThat(adaptive.get("half_width").asDouble()).isGreaterThan(0.01);
    assertThat(forks.get("method").asText()).contains("3 df, quantile x1.15");
    assertThat(outcome.printed())
        .containsPattern(
            "4 forks: median .*, max of 4 forks reached at \\+-[0-9.]+% \\(precision \\+-1\\.0% not"
                + " reached\\)");
  }

  @Test
  @DisplayName(
      "refuses min above max, min below 3, a precision outside (0, 1) and a count with min")
  void badAnnotations() {
    assertThat(failure(run("a").run(AdaptiveForkTestCases.MinAboveMax.class)))
        .contains("@Fork(min = 5) on work of")
        .contains("is above @Fork(max = 4) on work of")
        .contains("set max to min or more");
    assertThat(failure(run("b").run(AdaptiveForkTestCases.TooFew.class)))
        .contains("@Fork(min = 2) on work of")
        .contains("is too few")
        .contains("set min to 3 or more, or give a fixed count such as @Fork(2)");
    assertThat(failure(run("c").run(AdaptiveForkTestCases.PrecisionOutside.class)))
        .contains("@Fork(precision = 1.5) on work of")
        .contains("use a relative half-width above 0 and below 1, such as 0.02");
    assertThat(failure(run("d").run(AdaptiveForkTestCases.CountAndMin.class)))
        .contains("@Fork(value = 5, min/max/precision) on work of")
        .contains("give either a count (@Fork(5): exactly 5 forks) or min, max and precision");
  }

  @Test
  @DisplayName("refuses bad -D settings of adaptive forks, naming the setting and the fix")
  void badSettings() {
    assertThat(
            failure(
                run("a")
                    .config("junit.bench.forks.precision", "2")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks.precision=2 is not valid")
        .contains("such as 0.02 or 2%");
    assertThat(
            failure(
                run("b")
                    .config("junit.bench.forks.precision", "abc")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks.precision=abc is not valid");
    assertThat(
            failure(
                run("c")
                    .config("junit.bench.forks.min", "2")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks.min=2 is too few");
    assertThat(
            failure(
                run("d")
                    .config("junit.bench.forks.min", "6")
                    .config("junit.bench.forks.max", "5")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks.min=6 is above -Djunit.bench.forks.max=5");
    assertThat(
            failure(
                run("e")
                    .config("junit.bench.forks.max", "ten")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks.max=ten is not valid; use a whole number of forks");
    assertThat(
            failure(
                run("f")
                    .config("junit.bench.forks", "5")
                    .config("junit.bench.forks.min", "3")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks=5 with -Djunit.bench.forks.min=3")
        .contains("set -Djunit.bench.forks=auto");
    assertThat(
            failure(
                run("g")
                    .config("junit.bench.forks", "sometimes")
                    .run(AdaptiveForkTestCases.Adaptive.class)))
        .contains("-Djunit.bench.forks=sometimes is not valid; use a whole number >= 0")
        .contains("or auto");
  }

  private ListenerRun run(String folder) {
    return ListenerRun.into(tempDir.resolve(folder));
  }

  private static String failure(ListenerRun.Outcome outcome) {
    TestExecutionResult reported = outcome.reported("work", INVALID);
    assertThat(reported.getStatus()).isEqualTo(TestExecutionResult.Status.FAILED);
    String error = outcome.result("work", INVALID).get("error").asText();
    assertThat(error).contains(reported.getThrowable().orElseThrow().getMessage());
    return error;
  }
}
