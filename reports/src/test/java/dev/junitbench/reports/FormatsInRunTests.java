package dev.junitbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.infra.Scenario;
import dev.junitbench.reports.history.HistoryStore;
import dev.junitbench.reports.history.StoreLocation;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * A benchmark run with junit-bench-reports on the class path, through a real Launcher that finds
 * junit-bench's listener and this module's result formats as a user's build would (implicit
 * configuration parameters off, so the build's -D values never leak in).
 */
@DisplayName("A run with junit-bench-reports on the test class path")
class FormatsInRunTests {

  @TempDir Path tempDir;

  private String run(Map<String, String> extra) {
    return run(extra, null);
  }

  /**
   * Runs the test cases; what they print on standard error goes to {@code err} when it is not null.
   */
  private String run(Map<String, String> extra, ByteArrayOutputStream err) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("junit.bench.output.dir", tempDir.toString());
    config.put("junit.bench.progress", "false");
    config.put("junit.bench.warmup.iterations", "1");
    config.put("junit.bench.measurement.iterations", "20");
    config.putAll(extra);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream original = System.out;
    PrintStream originalErr = System.err;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    if (err != null) {
      System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    }
    try {
      LauncherFactory.create()
          .execute(
              LauncherDiscoveryRequestBuilder.request()
                  .selectors(selectClass(ReportedTestCases.class))
                  .enableImplicitConfigurationParameters(false)
                  .configurationParameters(config)
                  .build());
    } finally {
      System.setOut(original);
      System.setErr(originalErr);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }

  private Path runDir() throws Exception {
    try (Stream<Path> entries = Files.list(tempDir)) {
      List<Path> runs = entries.toList();
      assertThat(runs).hasSize(1);
      return runs.get(0);
    }
  }

  @Test
  @DisplayName("writes report.html into the run folder and names it last")
  void report() throws Exception {
    String out = run(Map.of());
    Path report = runDir().resolve("report.html");
    assertThat(report).isRegularFile();
    assertThat(runDir().resolve("jmh-result.json")).doesNotExist();
    List<String> lines = out.lines().toList();
    assertThat(lines.get(lines.size() - 1))
        .startsWith("junit-bench: html wrote " + report.toAbsolutePath() + " (");
    Document page = Jsoup.parse(report.toFile());
    assertThat(page.select("table.scenarios tbody tr")).hasSize(3);
    assertThat(page.select("canvas")).isNotEmpty();
    assertThat(
            new ObjectMapper()
                .readTree(runDir().resolve("results.json").toFile())
                .get("run")
                .get("config")
                .get("junit.bench.format.html")
                .asText())
        .isEqualTo("true");
  }

  @Test
  @DisplayName(
      "also writes jmh-result.json when junit.bench.format.jmh=true, and no report with junit.bench.format.html=false")
  void switches() throws Exception {
    String out = run(Map.of("junit.bench.format.jmh", "true", "junit.bench.format.html", "false"));
    Path jmh = runDir().resolve("jmh-result.json");
    assertThat(new ObjectMapper().readTree(jmh.toFile())).hasSize(3);
    assertThat(runDir().resolve("report.html")).doesNotExist();
    assertThat(out).contains("junit-bench: jmh wrote " + jmh.toAbsolutePath());
  }

  @Test
  @DisplayName(
      "imports itself into the history store junit.bench.history.db names, and the report's line stays last")
  void importsIntoHistory() throws Exception {
    Path db = tempDir.resolveSibling(tempDir.getFileName() + "-history.duckdb");
    try {
      String out =
          run(
              Map.of(
                  "junit.bench.history.db", db.toString(), "junit.bench.history.host", "ci-linux"));
      String runId =
          new ObjectMapper()
              .readTree(runDir().resolve("results.json").toFile())
              .get("run")
              .get("id")
              .asText();
      assertThat(out)
          .contains(
              "junit-bench: history imported run "
                  + runId
                  + " (host ci-linux) into jdbc:duckdb:"
                  + db);
      List<String> lines = out.lines().toList();
      assertThat(lines.get(lines.size() - 1)).startsWith("junit-bench: html wrote ");
      try (HistoryStore store = HistoryStore.open(StoreLocation.of(db.toString(), null, null))) {
        assertThat(store.contains("ci-linux", runId)).isTrue();
      }
    } finally {
      Files.deleteIfExists(db);
      Files.deleteIfExists(Path.of(db + ".wal"));
    }
  }

  @Test
  @DisplayName("warns, and keeps every result file, when its history store cannot be reached")
  void unreachableHistory() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    String url = "jdbc:postgresql://127.0.0.1:" + port + "/bench?connectTimeout=30";
    String out = run(Map.of("junit.bench.history.db", url), err);
    String warnings = err.toString(StandardCharsets.UTF_8);
    assertThat(warnings)
        .contains(
            "junit-bench: warning: this run was not imported into the history store"
                + " jdbc:postgresql://127.0.0.1:"
                + port
                + "/bench",
            "cannot reach",
            "the result files are complete",
            "history import");
    assertThat(runDir().resolve("report.html")).isRegularFile();
    assertThat(
            new ObjectMapper().readTree(runDir().resolve("results.json").toFile()).get("results"))
        .hasSize(3);
    assertThat(out).contains("junit-bench: html wrote");
  }

  @Test
  @DisplayName(
      "never uses, nor writes, a password given in junit.bench.history.db, and says where it belongs")
  void passwordInHistoryUrl() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    run(
        Map.of(
            "junit.bench.history.db",
            "jdbc:postgresql://127.0.0.1:5432/bench?user=u&password=hunter2"),
        err);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains(
            "this run was not imported",
            "a password in junit.bench.history.db is never used",
            "JUNIT_BENCH_HISTORY_PASSWORD")
        .doesNotContain("hunter2");
    assertThat(Files.readString(runDir().resolve("results.json")))
        .doesNotContain("hunter2")
        .contains("/bench?user=u&password=***");
  }

  static class ReportedTestCases {
    @Benchmark
    @BatchSizes({1, 2, 4})
    void measured(Scenario scenario, Blackhole blackhole) {
      long sum = 0;
      for (int i = 0; i < 1000 * scenario.batchSize(); i++) {
        sum += i * 31L;
      }
      blackhole.consume(sum);
    }
  }
}
