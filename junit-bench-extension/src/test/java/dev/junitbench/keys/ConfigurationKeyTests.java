package dev.junitbench.keys;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import dev.junitbench.spi.ProbeScenario;
import dev.junitbench.spi.ResultFormat;
import dev.junitbench.testkit.ListenerRun;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A junit.bench.* key nobody knows")
class ConfigurationKeyTests {

  /** Calls of the fixtures' bodies: none may happen in a run that fails on its keys. */
  static final AtomicInteger CALLS = new AtomicInteger();

  @TempDir Path tempDir;

  private int runs;

  @BeforeEach
  void resetCalls() {
    CALLS.set(0);
  }

  static class KeyTestCases {
    @Benchmark
    void first(Blackhole blackhole) {
      CALLS.incrementAndGet();
      ListenerRun.work(10, blackhole);
    }

    @Benchmark
    @BatchSizes({1, 2})
    void second(Blackhole blackhole) {
      CALLS.incrementAndGet();
      ListenerRun.work(10, blackhole);
    }
  }

  /** Declares a key and hands its value back as its one figure. */
  public static final class DeclaringProbe implements Probe {
    static final String LABEL = "junit.bench.declaring-probe.label";
    private String label;

    @Override
    public String name() {
      return "declaring";
    }

    @Override
    public Set<String> configurationKeys() {
      return Set.of(LABEL);
    }

    @Override
    public void scenarioStarts(ProbeScenario scenario) {
      label = scenario.configuration().get(LABEL);
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures().text("label", label);
    }
  }

  /** Declares a key without junit-bench's prefix. */
  public static final class LooseProbe implements Probe {
    @Override
    public String name() {
      return "loose";
    }

    @Override
    public Set<String> configurationKeys() {
      return Set.of("loose.limit");
    }

    @Override
    public void measurementStarts() {}

    @Override
    public ProbeFigures measurementEnds(ProbeEnd end) {
      return new ProbeFigures();
    }
  }

  /** Declares a key and writes its value, read from run.config, into declaring.txt. */
  public static final class DeclaringFormat implements ResultFormat {
    static final String TITLE = "junit.bench.declaring-format.title";

    @Override
    public String name() {
      return "declaring";
    }

    @Override
    public Set<String> configurationKeys() {
      return Set.of(TITLE);
    }

    @Override
    public boolean enabledByDefault() {
      return false;
    }

    @Override
    public List<Path> runFinished(RunFolder run) throws Exception {
      return List.of(
          Files.writeString(run.dir().resolve("declaring.txt"), run.run().config().get(TITLE)));
    }
  }

  private ListenerRun listenerRun() {
    return ListenerRun.into(tempDir.resolve("out" + runs++));
  }

  /** Runs {@code run} with {@code probes} and {@code formats} found through ServiceLoader. */
  private ListenerRun.Outcome run(ListenerRun run, List<Class<?>> probes, List<Class<?>> formats)
      throws Exception {
    Path services =
        Files.createDirectories(tempDir.resolve("services" + runs + "/META-INF/services"));
    Files.write(
        services.resolve(Probe.class.getName()), probes.stream().map(Class::getName).toList());
    Files.write(
        services.resolve(ResultFormat.class.getName()),
        formats.stream().map(Class::getName).toList());
    Thread thread = Thread.currentThread();
    ClassLoader original = thread.getContextClassLoader();
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {services.getParent().getParent().toUri().toURL()},
            ConfigurationKeyTests.class.getClassLoader())) {
      thread.setContextClassLoader(loader);
      return run.run(KeyTestCases.class);
    } finally {
      thread.setContextClassLoader(original);
    }
  }

  private static int occurrences(String text, String part) {
    return text.split(Pattern.quote(part), -1).length - 1;
  }

  @Test
  @DisplayName(
      "a misspelled junit.bench.baseline can no longer end green: every benchmark fails, nothing is measured")
  void misspelledBaseline() throws Exception {
    Path baseline = listenerRun().run(KeyTestCases.class).runDir();
    assertThat(CALLS.get()).as("the same run with the key spelled right measures").isPositive();
    CALLS.set(0);

    ListenerRun.Outcome outcome =
        listenerRun().config("junit.bench.basline", baseline.toString()).run(KeyTestCases.class);

    assertThat(outcome.summary().getTotalFailureCount())
        .as("one failing invocation per benchmark")
        .isEqualTo(2);
    assertThat(outcome.summary().getTestsSucceededCount()).isZero();
    assertThat(CALLS.get()).as("calls of the benchmark bodies").isZero();
    String line =
        "junit.bench.basline (explicit configuration parameter): did you mean junit.bench.baseline?";
    assertThat(
            outcome
                .reported("first", "[invalid configuration]")
                .getThrowable()
                .orElseThrow()
                .getMessage())
        .startsWith("an unknown configuration key, so nothing is measured:\n  - " + line)
        .contains(
            "To fix: correct an explicit parameter where the launcher is given it: Surefire's or Failsafe's"
                + " <configurationParameters>",
            "junit.bench.unknown-keys=warn");
    assertThat(outcome.results())
        .hasSize(2)
        .allSatisfy(
            result -> {
              assertThat(result.get("status").asText()).isEqualTo("failed");
              assertThat(result.get("display_name").asText()).isEqualTo("[invalid configuration]");
              assertThat(result.get("error").asText()).contains(line);
              assertThat(result.get("latency_ms").isNull()).isTrue();
            });
    assertThat(outcome.samplesCsv()).isEmpty();
    assertThat(outcome.err()).startsWith("junit-bench: an unknown configuration key");
    assertThat(occurrences(outcome.err(), line)).as("printed once on stderr").isEqualTo(1);
    JsonNode run = outcome.json().get("run");
    assertThat(run.get("config").get("junit.bench.basline").asText())
        .isEqualTo(baseline.toString());
    assertThat(run.get("config_sources").get("junit.bench.basline").asText()).isEqualTo("explicit");
  }

  @Test
  @DisplayName("every unknown key is named in one error, a result format's name among them")
  void everyKey() throws Exception {
    ListenerRun.Outcome outcome =
        listenerRun()
            .config("junit.bench.measurment.iterations", "5")
            .config("junit.bench.format.fixtur", "true")
            .config("junit.bench.progres", "false")
            .run(KeyTestCases.class);
    String error =
        outcome
            .reported("first", "[invalid configuration]")
            .getThrowable()
            .orElseThrow()
            .getMessage();
    assertThat(error)
        .startsWith(
            "3 unknown configuration keys, so nothing is measured:\n"
                + "  - junit.bench.format.fixtur (explicit configuration parameter): no result format named fixtur is on the"
                + " class path (found: ")
        .contains(
            "did you mean junit.bench.format.fixture?\n"
                + "  - junit.bench.measurment.iterations (explicit configuration parameter): did you mean"
                + " junit.bench.measurement.iterations?\n"
                + "  - junit.bench.progres (explicit configuration parameter): did you mean junit.bench.progress?\n");
    assertThat(occurrences(error, "To fix:")).as("one fix per kind of source").isEqualTo(1);
    assertThat(CALLS.get()).isZero();
    assertThat(
            outcome
                .json()
                .get("run")
                .get("config")
                .get("junit.bench.measurement.iterations")
                .asText())
        .as("the key spelled right keeps its value")
        .isEqualTo("7");
  }

  @Test
  @DisplayName(
      "with junit.bench.unknown-keys=warn the run is measured, warned first, and results.json keeps it")
  void warn() throws Exception {
    ListenerRun.Outcome outcome =
        listenerRun()
            .config("junit.bench.unknown-keys", "warn")
            .config("junit.bench.basline", "runs/a")
            .run(KeyTestCases.class);
    String warning =
        "junit-bench: warning: unknown configuration key junit.bench.basline (explicit configuration"
            + " parameter): did you mean junit.bench.baseline? It is ignored (junit.bench.unknown-keys=warn).";
    assertThat(outcome.errAtFirstTest())
        .as("stderr when the first scenario started")
        .contains(warning);
    assertThat(occurrences(outcome.err(), warning)).isEqualTo(1);
    assertThat(outcome.summary().getTotalFailureCount()).isZero();
    assertThat(outcome.results())
        .hasSize(3)
        .allSatisfy(r -> assertThat(r.get("status").asText()).isEqualTo("passed"));
    assertThat(CALLS.get()).isPositive();
    JsonNode run = outcome.json().get("run");
    assertThat(run.get("warnings"))
        .extracting(JsonNode::asText)
        .contains(warning.substring("junit-bench: warning: ".length()));
    assertThat(run.get("config").get("junit.bench.unknown-keys").asText()).isEqualTo("warn");
  }

  @Test
  @DisplayName("keys a probe and a result format declare are accepted and handed to them")
  void declared() throws Exception {
    ListenerRun.Outcome outcome =
        run(
            listenerRun()
                .config(DeclaringProbe.LABEL, "probe label")
                .config(DeclaringFormat.TITLE, "Nightly")
                .config("junit.bench.format.declaring", "true"),
            List.of(DeclaringProbe.class),
            List.of(DeclaringFormat.class));
    assertThat(outcome.summary().getTotalFailureCount())
        .as("failures; stderr: %s", outcome.err())
        .isZero();
    assertThat(
            outcome
                .result("first", "[device=cpu]")
                .get("probes")
                .get("declaring")
                .get("label")
                .asText())
        .isEqualTo("probe label");
    assertThat(outcome.text("declaring.txt")).isEqualTo("Nightly");
    JsonNode run = outcome.json().get("run");
    assertThat(run.get("config").get(DeclaringFormat.TITLE).asText()).isEqualTo("Nightly");
    assertThat(run.get("config_sources").get(DeclaringProbe.LABEL).asText()).isEqualTo("explicit");
  }

  @Test
  @DisplayName(
      "a declared key outside junit.bench. fails the run naming the probe, even in warn mode")
  void loose() throws Exception {
    ListenerRun.Outcome outcome =
        run(
            listenerRun().config("junit.bench.unknown-keys", "warn"),
            List.of(LooseProbe.class),
            List.of());
    assertThat(
            outcome
                .reported("first", "[invalid configuration]")
                .getThrowable()
                .orElseThrow()
                .getMessage())
        .isEqualTo(
            "configuration keys declared wrongly, so nothing is measured:\n  - the probe "
                + LooseProbe.class.getName()
                + " declares the configuration key \"loose.limit\": return full keys that"
                + " start with junit.bench. from configurationKeys(), such as junit.bench.open-files.limit");
    assertThat(CALLS.get()).isZero();
  }

  @Test
  @DisplayName("keys under junit.bench.user. are never checked, and are recorded with their source")
  void user() throws Exception {
    ListenerRun.Outcome outcome =
        listenerRun()
            .config("junit.bench.user.model-variant", "int8")
            .config("junit.bench.user.hf-token", "hf_secret")
            .run(KeyTestCases.class);
    assertThat(outcome.summary().getTotalFailureCount()).isZero();
    JsonNode run = outcome.json().get("run");
    assertThat(run.get("config").get("junit.bench.user.model-variant").asText()).isEqualTo("int8");
    assertThat(run.get("config").get("junit.bench.user.hf-token").asText()).isEqualTo("***");
    assertThat(run.get("config_sources").get("junit.bench.user.model-variant").asText())
        .isEqualTo("explicit");
    List<String> sourced = new ArrayList<>();
    run.get("config_sources").fieldNames().forEachRemaining(sourced::add);
    assertThat(sourced)
        .as("every key set, none of the defaults")
        .containsExactly(
            "junit.bench.measurement.iterations",
            "junit.bench.output.dir",
            "junit.bench.progress",
            "junit.bench.user.hf-token",
            "junit.bench.user.model-variant",
            "junit.bench.warmup.iterations");
  }
}
