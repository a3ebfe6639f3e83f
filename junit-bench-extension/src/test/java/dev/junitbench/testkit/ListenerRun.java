package dev.junitbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.junitbench.Blackhole;
import dev.junitbench.output.ResultsCsv;
import dev.junitbench.output.ResultsListener;
import dev.junitbench.output.SamplesCsv;
import dev.junitbench.results.ResultsJson;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * Runs fixture classes through a real {@link Launcher} with a {@link ResultsListener} (the test kit
 * bypasses listeners), configuration parameters given explicitly and implicit ones off, and reads
 * back what the listener wrote and printed.
 */
public final class ListenerRun {

  /** Folder name of a run: {@code run-<yyyyMMdd-HHmmss>-<id>}. */
  public static final String RUN_FOLDER = "run-(\\d{8}-\\d{6})-([0-9A-Za-z]+)";

  /** A strict reader: no NaN tokens, no trailing garbage, no duplicate keys. */
  public static final ObjectMapper JSON =
      JsonMapper.builder()
          .disable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
          .build();

  private final Map<String, String> config = new LinkedHashMap<>();

  private ListenerRun(Path outputDir) {
    config.put("junit.bench.output.dir", outputDir.toString());
    config.put("junit.bench.progress", "false");
    config.put("junit.bench.warmup.iterations", "1");
    config.put("junit.bench.measurement.iterations", "7");
  }

  /**
   * A run writing under {@code outputDir}: no progress lines, 1 warm-up and 7 measured iterations.
   */
  public static ListenerRun into(Path outputDir) {
    return new ListenerRun(outputDir);
  }

  public ListenerRun config(String key, String value) {
    config.put(key, value);
    return this;
  }

  public ListenerRun without(String key) {
    config.remove(key);
    return this;
  }

  public Map<String, String> config() {
    return config;
  }

  public Outcome run(Class<?>... fixtures) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    SummaryGeneratingListener summary = new SummaryGeneratingListener();
    Recorder recorder = new Recorder(err);
    try (PrintStream outStream = new PrintStream(out, true, StandardCharsets.UTF_8);
        PrintStream errStream = new PrintStream(err, true, StandardCharsets.UTF_8)) {
      Launcher launcher =
          LauncherFactory.create(
              LauncherConfig.builder()
                  .enableTestExecutionListenerAutoRegistration(false)
                  .addTestExecutionListeners(
                      new ResultsListener(outStream, errStream), summary, recorder)
                  .build());
      LauncherDiscoveryRequest request =
          LauncherDiscoveryRequestBuilder.request()
              .selectors(Arrays.stream(fixtures).map(fixture -> selectClass(fixture)).toList())
              .enableImplicitConfigurationParameters(false)
              .configurationParameters(config)
              .build();
      // What the tests print on their own threads (the scenario lines), as Surefire would capture
      // it.
      PrintStream original = System.out;
      System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
      try {
        launcher.execute(request);
      } finally {
        System.setOut(original);
      }
    }
    return new Outcome(
        Path.of(config.get("junit.bench.output.dir")),
        out.toString(StandardCharsets.UTF_8),
        err.toString(StandardCharsets.UTF_8),
        printed.toString(StandardCharsets.UTF_8),
        summary.getSummary(),
        recorder.finished,
        recorder.errAtFirstTest);
  }

  /** A test or container as the launcher reported it finished (or skipped: result null). */
  public record Finished(
      TestIdentifier identifier, TestExecutionResult result, String skipReason) {}

  private static final class Recorder implements TestExecutionListener {
    final List<Finished> finished = new ArrayList<>();
    private final ByteArrayOutputStream err;

    /**
     * What the listener had printed on stderr when the first test (a scenario) started; null if
     * none did.
     */
    String errAtFirstTest;

    Recorder(ByteArrayOutputStream err) {
      this.err = err;
    }

    @Override
    public void executionStarted(TestIdentifier identifier) {
      if (identifier.isTest() && errAtFirstTest == null) {
        errAtFirstTest = err.toString(StandardCharsets.UTF_8);
      }
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
      finished.add(new Finished(identifier, result, null));
    }

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
      finished.add(new Finished(identifier, null, reason));
    }
  }

  /**
   * What a run printed, reported and wrote; {@code errAtFirstTest} is what the listener had printed
   * on stderr when the first scenario started (null when none started).
   */
  public record Outcome(
      Path outputDir,
      String out,
      String err,
      String printed,
      TestExecutionSummary summary,
      List<Finished> finished,
      String errAtFirstTest) {

    /** The run folder; fails unless the output folder holds exactly one entry, a folder. */
    public Path runDir() {
      List<Path> entries = list(outputDir);
      assertThat(entries).as("entries of %s", outputDir).hasSize(1);
      assertThat(entries.get(0)).isDirectory();
      return entries.get(0);
    }

    public String text(String file) {
      try {
        return Files.readString(runDir().resolve(file), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    public JsonNode json() {
      return parseJson(text(ResultsJson.FILE));
    }

    public List<JsonNode> results() {
      List<JsonNode> results = new ArrayList<>();
      json().get("results").forEach(results::add);
      return results;
    }

    /** The result of {@code method}'s scenario {@code displayName}; fails unless exactly one. */
    public JsonNode result(String method, String displayName) {
      List<JsonNode> matches =
          results().stream()
              .filter(r -> r.get("benchmark").asText().endsWith("#" + method))
              .filter(r -> r.get("display_name").asText().equals(displayName))
              .toList();
      assertThat(matches)
          .as("results of %s %s among %s", method, displayName, results())
          .hasSize(1);
      return matches.get(0);
    }

    public List<CSVRecord> resultsCsv() {
      return parseCsv(text(ResultsCsv.FILE));
    }

    public List<CSVRecord> samplesCsv() {
      return parseCsv(text(SamplesCsv.FILE));
    }

    /** The results of the benchmark method {@code method}, in the order they were written. */
    public List<JsonNode> resultsOf(String method) {
      return results().stream()
          .filter(r -> r.get("benchmark").asText().endsWith("#" + method))
          .toList();
    }

    /** What the launcher reported for the class container of {@code fixture}. */
    public TestExecutionResult reportedContainer(Class<?> fixture) {
      return finished.stream()
          .filter(f -> f.result() != null)
          .filter(f -> f.identifier().getUniqueId().endsWith("[class:" + fixture.getName() + "]"))
          .map(Finished::result)
          .findFirst()
          .orElseThrow(() -> new AssertionError("no container " + fixture.getName()));
    }

    /** What the launcher reported for {@code method}'s test {@code displayName}. */
    public TestExecutionResult reported(String method, String displayName) {
      List<TestExecutionResult> matches =
          finished.stream()
              .filter(f -> f.result() != null && f.identifier().isTest())
              .filter(f -> f.identifier().getUniqueId().contains("[test-template:" + method + "("))
              .filter(f -> f.identifier().getDisplayName().equals(displayName))
              .map(Finished::result)
              .toList();
      assertThat(matches).as("tests %s %s", method, displayName).hasSize(1);
      return matches.get(0);
    }
  }

  public static List<Path> list(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries.sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static JsonNode parseJson(String text) {
    try {
      return JSON.readTree(text);
    } catch (IOException e) {
      throw new AssertionError("results.json does not parse: " + e + "\n" + text, e);
    }
  }

  /** Records of a CSV file with a header; fails on any malformed or ragged record. */
  public static List<CSVRecord> parseCsv(String text) {
    CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get();
    try (Reader reader = new StringReader(text);
        CSVParser parser = CSVParser.parse(reader, format)) {
      List<CSVRecord> records = parser.getRecords();
      int columns = parser.getHeaderNames().size();
      for (CSVRecord record : records) {
        assertThat(record.size())
            .as("cells of record %s (header has %s)", record, columns)
            .isEqualTo(columns);
      }
      return records;
    } catch (IOException | IllegalStateException | IllegalArgumentException e) {
      throw new AssertionError("CSV does not parse: " + e + "\n" + text, e);
    }
  }

  /** The header names of a CSV file, in order. */
  public static List<String> csvHeader(String text) {
    CSVFormat format = CSVFormat.RFC4180.builder().setHeader().setSkipHeaderRecord(true).get();
    try (CSVParser parser = CSVParser.parse(new StringReader(text), format)) {
      return parser.getHeaderNames();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A body that takes measurable time and cannot be optimised away. */
  public static void work(int rounds, Blackhole blackhole) {
    double x = 1;
    for (int i = 0; i < rounds; i++) {
      x = Math.sqrt(x + i);
    }
    blackhole.consume(x);
  }
}
