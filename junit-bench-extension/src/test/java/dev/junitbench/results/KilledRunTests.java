package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import dev.junitbench.testkit.TestJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run killed half-way")
class KilledRunTests {

  @TempDir static Path tempDir;

  private static Path outputDir;
  private static int exitCode;
  private static String childOutput;

  /** Runs the fixture in a child JVM whose third scenario halts it, as a kill -9 would. */
  @BeforeAll
  static void runAndKill() throws IOException, InterruptedException {
    outputDir = tempDir.resolve("results");
    Path log = tempDir.resolve("child.log");
    List<String> command =
        new ArrayList<>(
            TestJvm.command(
                // A zone far from UTC from JVM start: a folder named in local time cannot pass for
                // UTC.
                List.of("-Duser.timezone=Asia/Kathmandu"),
                KilledRunMain.class.getName(),
                List.of(outputDir.toString())));
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!process.waitFor(2, TimeUnit.MINUTES)) {
        throw new AssertionError(
            "the child JVM did not end within 2 minutes: " + Files.readString(log));
      }
    } finally {
      process.destroyForcibly();
    }
    exitCode = process.exitValue();
    childOutput = Files.readString(log, StandardCharsets.UTF_8);
  }

  @Test
  @DisplayName("was halted in its third scenario, by the fixture and not by an error")
  void halted() {
    assertThat(exitCode)
        .as("exit status of the child JVM; its output:%n%s", childOutput)
        .isEqualTo(137);
    assertThat(childOutput)
        .as("the table is printed only at the end of a run")
        .doesNotContain("junit-bench results");
  }

  @Test
  @DisplayName("leaves one run folder, named in UTC, holding the three files and no temporary file")
  void filesComplete() throws IOException {
    Path runDir = runDir();
    Matcher name = Pattern.compile(ListenerRun.RUN_FOLDER).matcher(runDir.getFileName().toString());
    assertThat(name.matches()).isTrue();
    Instant started =
        Instant.parse(
            ListenerRun.parseJson(read("results.json")).get("run").get("started_at").asText());
    assertThat(name.group(1))
        .isEqualTo(
            DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
                .withZone(ZoneOffset.UTC)
                .format(started));
    assertThat(ListenerRun.list(runDir))
        .extracting(path -> path.getFileName().toString())
        .containsExactlyInAnyOrder("results.json", "results.csv", "samples.csv");
  }

  @Test
  @DisplayName("keeps both finished scenarios in results.json, which parses, with finished_at null")
  void resultsJson() throws IOException {
    JsonNode json = ListenerRun.parseJson(read("results.json"));
    JsonNode run = json.get("run");
    assertThat(run.has("finished_at")).isTrue();
    assertThat(run.get("finished_at").isNull()).as("run.finished_at").isTrue();
    assertThat(run.get("started_at").asText()).isNotBlank();
    assertThat(json.get("results"))
        .extracting(r -> r.get("display_name").asText())
        .containsExactly("[device=cpu, batch_size=1]", "[device=cpu, batch_size=2]");
    assertThat(json.get("results"))
        .allSatisfy(
            r -> {
              assertThat(r.get("status").asText()).isEqualTo("passed");
              assertThat(r.get("latency_ms").get("count").asInt()).isEqualTo(7);
            });
  }

  @Test
  @DisplayName(
      "keeps both finished scenarios in results.csv, which parses and ends with a whole row")
  void resultsCsv() throws IOException {
    String text = read("results.csv");
    assertThat(text).endsWith("\n");
    List<CSVRecord> rows = ListenerRun.parseCsv(text);
    assertThat(rows).extracting(row -> row.get("param_batch_size")).containsExactly("1", "2");
    assertThat(rows).extracting(row -> row.get("id")).containsExactlyElementsOf(jsonIds());
    assertThat(rows).allSatisfy(row -> assertThat(row.get("latency_ms_median")).isNotEmpty());
  }

  @Test
  @DisplayName(
      "keeps every sample of both finished scenarios in samples.csv, which parses and ends with a whole row")
  void samplesCsv() throws IOException {
    String text = read("samples.csv");
    assertThat(text).startsWith("result_id,iteration,latency_ns,fork\n").endsWith("\n");
    List<CSVRecord> rows = ListenerRun.parseCsv(text);
    Map<String, Long> perResult =
        rows.stream()
            .collect(Collectors.groupingBy(row -> row.get("result_id"), Collectors.counting()));
    assertThat(perResult.keySet()).containsExactlyInAnyOrderElementsOf(jsonIds());
    assertThat(perResult.values()).containsOnly(7L);
    assertThat(rows)
        .allSatisfy(row -> assertThat(Long.parseLong(row.get("latency_ns"))).isPositive());
  }

  private static List<String> jsonIds() throws IOException {
    List<String> ids = new ArrayList<>();
    ListenerRun.parseJson(read("results.json"))
        .get("results")
        .forEach(r -> ids.add(r.get("id").asText()));
    return ids;
  }

  private static Path runDir() {
    assertThat(outputDir).as("output folder; child output:%n%s", childOutput).isDirectory();
    List<Path> entries = ListenerRun.list(outputDir);
    assertThat(entries).as("run folders; child output:%n%s", childOutput).hasSize(1);
    return entries.get(0);
  }

  private static String read(String file) throws IOException {
    return Files.readString(runDir().resolve(file), StandardCharsets.UTF_8);
  }

  static class KilledRunTestCases {
    @Benchmark
    @BatchSizes({1, 2, 3, 4})
    void measured(Scenario scenario, Blackhole blackhole) {
      Assumptions.assumeTrue(KilledRunMain.armed, "runs only in the child JVM of KilledRunTests");
      if (scenario.batchSize() == 3) {
        Runtime.getRuntime().halt(137);
      }
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
    }
  }
}
