package dev.junitbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Scenario;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
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

  @TempDir
  Path tempDir;

  private String run(Map<String, String> extra) {
    Map<String, String> config = new LinkedHashMap<>();
    config.put("junit.bench.output.dir", tempDir.toString());
    config.put("junit.bench.progress", "false");
    config.put("junit.bench.warmup.iterations", "1");
    config.put("junit.bench.measurement.iterations", "20");
    config.putAll(extra);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
          .selectors(selectClass(ReportedTestCases.class))
          .enableImplicitConfigurationParameters(false)
          .configurationParameters(config)
          .build());
    } finally {
      System.setOut(original);
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
    assertThat(lines.get(lines.size() - 1)).startsWith("junit-bench: html wrote " + report.toAbsolutePath() + " (");
    Document page = Jsoup.parse(report.toFile());
    assertThat(page.select("#scenarios tbody tr")).hasSize(3);
    assertThat(page.select("canvas")).isNotEmpty();
    assertThat(new ObjectMapper().readTree(runDir().resolve("results.json").toFile()).get("run").get("config")
        .get("junit.bench.format.html").asText()).isEqualTo("true");
  }

  @Test
  @DisplayName("also writes jmh-result.json when junit.bench.format.jmh=true, and no report with junit.bench.format.html=false")
  void switches() throws Exception {
    String out = run(Map.of("junit.bench.format.jmh", "true", "junit.bench.format.html", "false"));
    Path jmh = runDir().resolve("jmh-result.json");
    assertThat(new ObjectMapper().readTree(jmh.toFile())).hasSize(3);
    assertThat(runDir().resolve("report.html")).doesNotExist();
    assertThat(out).contains("junit-bench: jmh wrote " + jmh.toAbsolutePath());
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
