package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;

import dev.junitbench.infra.Device;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EventConditions;

@DisplayName("A dry run")
class DryRunTests {

  @Test
  @DisplayName(
      "lists every scenario as skipped with what it would load, and runs and opens nothing")
  void listsWithoutRunning() {
    DryRunTestCases.calls.set(0);
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with().config("junit.bench.dry-run", "true").run(DryRunTestCases.class);
    outcome.events().testEvents().assertStatistics(stats -> stats.skipped(4).started(1).failed(1));
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1, event(displayName("[device=cpu, batch_size=1]"), skippedWithReason("dry run")))
        .haveExactly(
            1, event(displayName("[device=cpu, batch_size=8]"), skippedWithReason("dry run")))
        // The corrupt model would fail if it were opened.
        .haveExactly(
            1,
            event(
                displayName("[device=cpu]"),
                skippedWithReason(
                    "dry run: would open model target/test-models/corrupt.onnx with onnxruntime")));
    assertThat(DryRunTestCases.calls).hasValue(0);
    // Device.AUTO is left unresolved: finding the best device would load the runtime.
    assertThat(outcome.result("auto", "[device=auto, provider=cuda]").params())
        .doesNotContainKey("device_resolved")
        .containsEntry("provider", "cuda");
    // A configuration error is still reported: a dry run checks the benchmarks.
    outcome
        .events()
        .testEvents()
        .assertThatEvents()
        .haveExactly(
            1,
            event(displayName("[invalid configuration]"), EventConditions.finishedWithFailure()));
  }

  static class DryRunTestCases {
    static final AtomicInteger calls = new AtomicInteger();

    @BeforeEach
    void setUp() {
      calls.incrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 8})
    void plain() {
      calls.incrementAndGet();
    }

    @Benchmark
    void model(@Model("target/test-models/corrupt.onnx") OnnxModel model) {
      calls.incrementAndGet();
    }

    @Benchmark
    @Devices(Device.AUTO)
    @Providers("cuda")
    void auto(@Model("target/test-models/corrupt.onnx") OnnxModel model) {
      calls.incrementAndGet();
    }

    @Benchmark
    @Measurement(iterations = 0)
    void invalid() {}
  }
}
