package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Fork;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.results.RunFolders;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.TestExecutionResult;

@DisplayName("The forks a baseline turns on, until the answer is known")
class BaselineForksTests {

  @TempDir Path tempDir;

  private static final String WORK = BaselineForksTestCases.class.getName() + "#work";

  /** A baseline of {@code jvms} forks of the fixture's scenario, each around 300 us. */
  private Path baseline(int jvms) {
    long[][] forks = new long[jvms][];
    for (int i = 0; i < jvms; i++) {
      forks[i] = RunFolders.around(300_000 + 1_000L * i, 20);
    }
    return RunFolders.write(
        tempDir,
        "run-base-" + jvms,
        List.of(
            jvms == 1
                ? RunFolders.passed(WORK, Map.of("device", "cpu"), forks[0])
                : RunFolders.forked(WORK, Map.of("device", "cpu"), forks)));
  }

  private ListenerRun gated(String folder, Path baseline) {
    return ListenerRun.into(tempDir.resolve(folder))
        .config("junit.bench.baseline", baseline.toString())
        .config("junit.bench.regression.threshold", "300%");
  }

  @Test
  @DisplayName(
      "against a baseline of 6 forks, forks from the calibrated 4 until the interval is narrow enough, the run's max bounding them, and results.json says so")
  void fromTheCalibratedCount() {
    ListenerRun.Outcome outcome =
        gated("run", baseline(6))
            .config("junit.bench.forks.max", "5")
            .config("junit.bench.forks.precision", "30%")
            .run(BaselineForksTestCases.class);

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    JsonNode forks = outcome.result("work", "[device=cpu]").get("forks");
    JsonNode adaptive = forks.get("adaptive");
    assertThat(adaptive.get("min").asInt()).as("the calibrated count against 6 JVMs").isEqualTo(4);
    assertThat(adaptive.get("max").asInt()).as("the run's max").isEqualTo(5);
    assertThat(adaptive.get("precision").asDouble()).isEqualTo(0.30);
    assertThat(adaptive.get("stopped").asText()).isIn("precision_reached", "max_reached");
    assertThat(forks.get("completed").asInt()).isBetween(4, 5);
    if (adaptive.get("stopped").asText().equals("precision_reached")) {
      assertThat(adaptive.get("half_width").asDouble()).isLessThanOrEqualTo(0.30);
    } else {
      assertThat(forks.get("completed").asInt()).isEqualTo(5);
    }
    assertThat(forks.path("here").isObject())
        .as("its baseline was forked: not measured here")
        .isFalse();
    assertThat(outcome.json().get("run").get("warnings").toString())
        .as("the settings shape these forks")
        .doesNotContain("changes nothing")
        .doesNotContain("change nothing")
        .doesNotContain("below the");
  }

  @Test
  @DisplayName(
      "a run min below the calibrated count starts there, with a warning that the gate is no longer as calibrated; against one JVM, here too")
  void minBelowTheCalibratedCount() {
    ListenerRun.Outcome outcome =
        gated("run", baseline(1))
            .config("junit.bench.forks.min", "3")
            .config("junit.bench.forks.precision", "50%")
            .run(BaselineForksTestCases.class);

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    JsonNode forks = outcome.result("work", "[device=cpu]").get("forks");
    assertThat(forks.get("adaptive").get("min").asInt()).isEqualTo(3);
    assertThat(forks.get("adaptive").get("max").asInt()).isEqualTo(10);
    assertThat(forks.get("completed").asInt()).isBetween(3, 10);
    assertThat(forks.path("here").isObject()).as("measured here too, as its baseline was").isTrue();
    assertThat(outcome.json().get("run").get("warnings").toString())
        .contains(
            "-Djunit.bench.forks.min=3 starts the forks against the baseline below the 10"
                + " calibrated against a baseline scenario measured in 1 JVM: the gate's false"
                + " alarms and its naming of JVMs on two levels are no longer as calibrated; remove"
                + " it to start from the calibrated count");
  }

  @Test
  @DisplayName(
      "a run max below the calibrated count is refused, naming both and the fix, in every benchmark of the run before anything is measured")
  void maxBelowTheCalibratedCount() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-base-two",
            List.of(
                RunFolders.passed(
                    BaselineForksTestCases.Two.class.getName() + "#work",
                    Map.of("device", "cpu"),
                    RunFolders.around(300_000, 20))));
    ListenerRun.Outcome outcome =
        gated("run", base)
            .config("junit.bench.forks.max", "5")
            .run(BaselineForksTestCases.Two.class);

    String expected =
        "-Djunit.bench.forks.max=5 is below the 10 forks calibrated against a baseline"
            + " scenario measured in 1 JVM; raise it to 10 or more (fewer forks leave the gate's"
            + " false alarms and its naming of JVMs on two levels uncalibrated), or set"
            + " -Djunit.bench.forks.min too if fewer is meant";
    for (String method : List.of("work", "notInBaseline")) {
      TestExecutionResult reported = outcome.reported(method, "[invalid configuration]");
      assertThat(reported.getStatus()).as(method).isEqualTo(TestExecutionResult.Status.FAILED);
      assertThat(reported.getThrowable().orElseThrow().getMessage()).as(method).contains(expected);
    }
    assertThat(outcome.summary().getTestsSucceededCount()).as("nothing measured").isZero();
  }

  @Test
  @DisplayName(
      "min, max or precision set where no benchmark forks until the answer is known: a run warning naming the settings, the benchmark and the fix")
  void unusedSettingsAreWarnedAbout() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("run"))
            .config("junit.bench.forks.min", "4")
            .config("junit.bench.forks.precision", "3%")
            .run(BaselineForksTestCases.Counted.class);

    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(1);
    assertThat(outcome.json().get("run").get("warnings").toString())
        .contains(
            "-Djunit.bench.forks.min=4, -Djunit.bench.forks.precision=3% change nothing for "
                + BaselineForksTestCases.Counted.class.getName()
                + "#work, which forks a fixed count: min, max and precision shape forks until the"
                + " answer is known (@Fork without a count, -Djunit.bench.forks=auto, or the forks a"
                + " baseline turns on); remove them, or fork that way");

    ListenerRun.Outcome unforked =
        ListenerRun.into(tempDir.resolve("unforked"))
            .config("junit.bench.forks.max", "4")
            .run(BaselineForksTestCases.class);
    assertThat(unforked.json().get("run").get("warnings").toString())
        .contains("-Djunit.bench.forks.max=4 changes nothing for")
        .contains("which is measured in the JUnit JVM");

    ListenerRun.Outcome used =
        ListenerRun.into(tempDir.resolve("used"))
            .config("junit.bench.forks", "auto")
            .config("junit.bench.forks.max", "3")
            .config("junit.bench.forks.precision", "50%")
            .run(BaselineForksTestCases.class);
    assertThat(used.json().get("run").get("warnings").toString()).doesNotContain("changes nothing");
  }

  static class BaselineForksTestCases {
    @Benchmark
    @Warmup(iterations = 1)
    @Measurement(iterations = 20)
    void work() {
      GateTests.GateTestCases.spin(300_000);
    }

    static class Two {
      @Benchmark
      @Warmup(iterations = 0)
      @Measurement(iterations = 3)
      void work() {
        GateTests.GateTestCases.spin(100_000);
      }

      @Benchmark
      @Warmup(iterations = 0)
      @Measurement(iterations = 3)
      void notInBaseline() {
        GateTests.GateTestCases.spin(100_000);
      }
    }

    static class Counted {
      @Benchmark
      @Fork(1)
      @Warmup(iterations = 0)
      @Measurement(iterations = 3)
      void work() {
        GateTests.GateTestCases.spin(100_000);
      }
    }
  }
}
