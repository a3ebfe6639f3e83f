package dev.junitbench.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.Benchmark;
import dev.junitbench.Devices;
import dev.junitbench.Measurement;
import dev.junitbench.gate.GateTests.GateTestCases;
import dev.junitbench.infra.Device;
import dev.junitbench.results.GateResult;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.Status;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The regression gate inside JUnit, with a baseline it cannot use in full")
class BaselineGapsTests {

  private static final String SPIN = GateTests.SPIN;

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "a scenario the baseline has but did not measure passes as NOT JUDGED saying so; with match=all it fails")
  void notMeasuredInBaseline() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-broken",
            List.of(
                RunFolders.ended(
                    SPIN, Map.of("device", "cpu"), Status.FAILED, "java.lang.OutOfMemoryError"),
                RunFolders.passed(
                    GateTestCases.class.getName() + "#overBudget",
                    Map.of("device", "cpu"),
                    RunFolders.around(2_000_000, 30))));
    BenchmarkTestKit.Outcome outcome = GateTests.runSpin(base, "junit.bench.forks", "0");
    outcome.events().testEvents().assertStatistics(stats -> stats.failed(0).succeeded(1));
    GateResult gate = outcome.result("[device=cpu]").gate();
    assertThat(gate.baseline().judged()).isFalse();
    assertThat(gate.message())
        .endsWith("NOT JUDGED: the baseline's scenario was not measured (failed)");

    BenchmarkTestKit.Outcome strict =
        GateTests.runSpin(base, "junit.bench.forks", "0", "junit.bench.baseline.match", "all");
    strict.events().testEvents().assertStatistics(stats -> stats.failed(1));
    assertThat(strict.failure("[device=cpu]"))
        .startsWith(
            "[device=cpu] not judged against the baseline"
                + " (junit.bench.baseline.match=all): the baseline's scenario was not measured (failed)");
  }

  @Test
  @DisplayName(
      "a baseline that measured none of its scenarios is a configuration error, as one with no scenario is")
  void baselineMeasuredNothing() {
    Path base =
        RunFolders.write(
            tempDir,
            "run-dry",
            List.of(RunFolders.ended(SPIN, Map.of("device", "cpu"), Status.SKIPPED, "dry run")));
    assertThat(GateTests.runSpin(base).failure("[invalid configuration]"))
        .isEqualTo(
            "-Djunit.bench.baseline="
                + base
                + " cannot be used: "
                + base.resolve("results.json").toAbsolutePath()
                + " holds no measured scenario (each of its 1 failed, was"
                + " aborted or skipped, or the run was a dry run); give the run folder of a run that measured these"
                + " benchmarks");
  }

  @Test
  @DisplayName(
      "with match=all, a scenario the baseline measured that cannot run here fails instead of being aborted")
  void abortedUnderMatchAll() {
    String onCuda = CudaTestCases.class.getName() + "#onCuda";
    Path base =
        RunFolders.write(
            tempDir,
            "run-gpu",
            List.of(
                RunFolders.passed(
                    onCuda, Map.of("device", "cuda"), RunFolders.around(100_000, 30))));
    BenchmarkTestKit.Outcome any =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            .run(CudaTestCases.class);
    any.events().testEvents().assertStatistics(stats -> stats.aborted(1).failed(0));
    BenchmarkTestKit.Outcome all =
        BenchmarkTestKit.with()
            .config("junit.bench.baseline", base.toString())
            .config("junit.bench.forks", "0")
            .config("junit.bench.baseline.match", "all")
            .run(CudaTestCases.class);
    all.events().testEvents().assertStatistics(stats -> stats.aborted(0).failed(1));
    assertThat(all.failure("[device=cuda]"))
        .startsWith(
            "[device=cuda] not judged against the baseline"
                + " (junit.bench.baseline.match=all): it cannot run here, and the baseline measured it\n"
                + onCuda
                + " [device=cuda]: ");
  }

  static class CudaTestCases {
    @Benchmark
    @Devices(Device.CUDA)
    @Measurement(iterations = 5)
    void onCuda() {
      GateTestCases.spin(100_000);
    }
  }

  @Test
  @DisplayName(
      "a baseline that cannot be read fails every benchmark as a configuration error naming junit.bench.baseline")
  void badBaseline() throws Exception {
    Path missing = tempDir.resolve("no-such-run");
    BenchmarkTestKit.Outcome outcome = GateTests.runSpin(missing);
    assertThat(outcome.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(outcome.failure("[invalid configuration]"))
        .isEqualTo(
            "-Djunit.bench.baseline="
                + missing
                + " cannot be used: "
                + missing
                + " does not exist; give a run folder (run-<time>-<id>), its results.json, or a"
                + " JMH result file (-rf json)");

    Path empty = Files.createDirectories(tempDir.resolve("empty"));
    Files.writeString(
        empty.resolve("results.json"), "{\"schema_version\": 1, \"run\": {\"id\": \"x\"}, \"resu");
    assertThat(GateTests.runSpin(empty).failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + empty + " cannot be used: ")
        .contains("is not valid JSON")
        .contains("cut short");

    // Values no measurement gives (an interval that does not hold its median) are refused before
    // anything runs.
    Path damaged = GateTests.baseline(tempDir, 100_000);
    Path json = damaged.resolve("results.json");
    Files.writeString(
        json,
        Files.readString(json).replaceFirst("\"ci95_high\" : [0-9.E-]+", "\"ci95_high\" : 1.0E-9"));
    BenchmarkTestKit.Outcome refused = GateTests.runSpin(damaged);
    assertThat(refused.events().testEvents().started().list())
        .singleElement()
        .satisfies(
            event ->
                assertThat(event.getTestDescriptor().getDisplayName())
                    .isEqualTo("[invalid configuration]"));
    assertThat(refused.failure("[invalid configuration]"))
        .startsWith("-Djunit.bench.baseline=" + damaged + " cannot be used: ")
        .contains("does not hold its median");
  }
}
