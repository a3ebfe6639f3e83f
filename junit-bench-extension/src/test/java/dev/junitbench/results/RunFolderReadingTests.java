package dev.junitbench.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run folder read back")
class RunFolderReadingTests {

  private static final String BENCH = "com.example.Embeddings#embed";

  @TempDir Path tempDir;

  private Path write() {
    return RunFolders.write(
        tempDir,
        "run-1",
        List.of(
            RunFolders.passed(
                BENCH,
                Map.of("device", "cpu", "batch_size", 1),
                new long[] {5, 6, 7, 8, 9, 10, 11}),
            RunFolders.passed(
                BENCH, Map.of("device", "cpu", "batch_size", 8), new long[] {50, 60, 70})));
  }

  @Test
  @DisplayName("gives the results as written and each result's samples in measurement order")
  void roundTrip() throws Exception {
    Path dir = write();
    RunFolder folder = RunFolder.read(dir);
    assertThat(folder.dir()).isEqualTo(dir.toAbsolutePath());
    assertThat(folder.run().id()).isEqualTo("run-1");
    assertThat(folder.results()).hasSize(2);
    ScenarioResult first = folder.results().get(0);
    assertThat(first.status()).isEqualTo(Status.PASSED);
    assertThat(first.key())
        .isEqualTo(ScenarioKey.of(BENCH, Map.of("batch_size", "1", "device", "cpu")));
    assertThat(first.latencyMs().median()).isEqualTo(8e-6);
    assertThat(folder.hasSamples()).isTrue();
    Samples samples = folder.samples();
    assertThat(samples.of(1)).containsExactly(5, 6, 7, 8, 9, 10, 11);
    assertThat(samples.of(2)).containsExactly(50, 60, 70);
    assertThat(samples.of(3)).isNull();
    // results.json itself names the same run
    assertThat(RunFolder.read(dir.resolve("results.json")).results()).isEqualTo(folder.results());
  }

  @Test
  @DisplayName(
      "refuses a result whose forks lack their runs, or whose measurement in its JUnit JVM (forks.here) lacks a median, naming it")
  void damagedHere() throws IOException {
    Path dir = write();
    Path file = dir.resolve("results.json");
    var mapper = new ObjectMapper();
    var root = (ObjectNode) mapper.readTree(file.toFile());
    var first = (ObjectNode) root.get("results").get(0);
    var forks = first.putObject("forks");
    forks.put("planned", 2).put("completed", 2);
    forks.putObject("here").put("count", 100);
    Files.writeString(file, mapper.writeValueAsString(root));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .isInstanceOf(ResultFileException.class)
        .hasMessageContaining("result 1 (" + BENCH)
        .hasMessageContaining("has forks without their runs; the file is" + " damaged");
    forks.putArray("runs");
    Files.writeString(file, mapper.writeValueAsString(root));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .isInstanceOf(ResultFileException.class)
        .hasMessageContaining("result 1 (" + BENCH)
        .hasMessageContaining("in its JUnit JVM (forks.here) has latency figures without a median")
        .hasMessageContaining("the file is damaged");
  }

  @Test
  @DisplayName("reads samples.csv with Windows line ends and columns added later")
  void tolerantSamples() throws Exception {
    Path dir = write();
    Files.writeString(
        dir.resolve("samples.csv"),
        "result_id,fork,iteration,latency_ns\r\n"
            + "1,1,1,5\r\n1,1,2,6\r\n1,1,3,7\r\n1,1,4,8\r\n1,1,5,9\r\n1,1,6,10\r\n1,1,7,11\r\n2,1,1,50\r\n2,1,2,60\r\n2,1,3,70\r\n"
            + "9,1,1,70\r\n");
    Samples samples = RunFolder.read(dir).samples();
    assertThat(samples.of(1)).containsExactly(5, 6, 7, 8, 9, 10, 11);
    assertThat(samples.of(2)).containsExactly(50, 60, 70);
  }

  @Test
  @DisplayName(
      "names the file and the fix for a path that does not exist or a folder that is not a run")
  void badPaths() throws IOException {
    Path missing = tempDir.resolve("nothing");
    assertThatThrownBy(() -> RunFolder.read(missing))
        .isInstanceOf(ResultFileException.class)
        .hasMessage(
            missing
                + " does not exist; give a run folder (run-<time>-<id>), its results.json, or a JMH"
                + " result file (-rf json)");
    write();
    assertThatThrownBy(() -> RunFolder.read(tempDir))
        .hasMessage(
            tempDir
                + " holds no results.json; it holds run folders: give one of them, such as "
                + tempDir.resolve("run-1"));
    Path empty = Files.createDirectories(tempDir.resolve("empty"));
    assertThatThrownBy(() -> RunFolder.read(empty))
        .hasMessage(
            empty
                + " holds no results.json; give a run folder (run-<time>-<id>) or its results.json");
  }

  @Test
  @DisplayName(
      "refuses an empty, cut-short, foreign or other-version results.json, naming the file")
  void badResultsJson() throws IOException {
    Path dir = write();
    Path file = dir.resolve("results.json");
    String good = Files.readString(file);

    Files.writeString(file, "");
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessage(
            file
                + " is empty; it is not a finished result file (its run was stopped before it"
                + " wrote it, or the file was cut in a copy): run the benchmarks again, or copy the"
                + " file again");

    Files.writeString(file, good.substring(0, good.length() / 2));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageStartingWith(file + " is not valid JSON (line ")
        .hasMessageEndingWith(
            "it may have been cut short or edited: use a run folder as junit-bench wrote it");

    Files.writeString(file, "[1, 2]");
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("is not a junit-bench result file");

    Files.writeString(file, "{\"results\": []}");
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessage(file + " has no schema_version; it is not a junit-bench results.json");

    Files.writeString(file, good.replace("\"schema_version\" : 1", "\"schema_version\" : 2"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessage(
            file
                + " has schema_version 2, written by a newer"
                + " junit-bench; this one reads 1: upgrade junit-bench here, or make the file again with this version");

    Files.writeString(file, good.replace("\"schema_version\" : 1", "\"schema_version\" : 0"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessage(
            file
                + " has schema_version 0; this junit-bench reads 1:"
                + " read it with the junit-bench version that wrote it");

    Files.writeString(file, "{\"schema_version\": 1, \"run\": {}}");
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("lacks its \"run\" object or \"results\" array");

    Files.writeString(file, good.replace("\"min\" : 5.0E-6", "\"min\" : -5.0E-6"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("result 1 (" + BENCH)
        .hasMessageContaining("has a negative or disordered latency");

    Files.writeString(file, good.replace("\"ci95_low\" : 5.0E-6", "\"ci95_low\" : 1.0E-5"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining(
            "has a median interval [1.0E-5, 1.1E-5] ms that"
                + " does not hold its median 8.0E-6 ms");

    Files.writeString(file, good.replace("\"count\" : 7,", "\"count\" : 2000000000,"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("a count outside 1..1000000 (2000000000)");

    Files.writeString(file, good.replaceFirst("\"params\" : \\{", "\"no_params\" : {"));
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("a result lacks its id, benchmark, status or params");
  }

  @Test
  @DisplayName(
      "reads a forked result that pooled more samples than one JVM keeps, up to the limit a fork")
  void forkedCount() throws IOException {
    Path dir =
        RunFolders.write(
            tempDir,
            "run-forked",
            List.of(
                RunFolders.forked(
                    BENCH,
                    Map.of("device", "cpu"),
                    new long[] {5, 6, 7, 8, 9},
                    new long[] {6, 7, 8, 9, 10})));
    Path file = dir.resolve("results.json");
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode tree = (ObjectNode) mapper.readTree(file.toFile());
    ObjectNode latency = (ObjectNode) tree.at("/results/0/latency_ms");
    // More samples than one JVM keeps, pooled from two forks: within their limit of two million.
    latency.put("count", 1_882_121);
    mapper.writeValue(file.toFile(), tree);
    assertThat(RunFolder.read(dir).results().get(0).latencyMs().count()).isEqualTo(1_882_121);

    latency.put("count", 2_000_001);
    mapper.writeValue(file.toFile(), tree);
    assertThatThrownBy(() -> RunFolder.read(dir))
        .hasMessageContaining("a count outside 1..2000000 (2000001)");
  }

  @Test
  @DisplayName(
      "refuses a samples.csv that is cut short, damaged or of another run, naming file and line")
  void badSamples() throws IOException {
    Path dir = write();
    Path file = dir.resolve("samples.csv");
    RunFolder folder = RunFolder.read(dir);
    String good = Files.readString(file);

    Files.writeString(file, good.substring(0, good.length() - 2));
    assertThatThrownBy(folder::samples)
        .hasMessage(file + " line 11: the file ends in the middle of a row: it was cut short");

    Files.writeString(file, good.replace("1,3,7,0\n", "1,3,-7,0\n"));
    assertThatThrownBy(folder::samples)
        .hasMessage(
            file
                + " line 4: a negative latency (-7 ns) of result 1; no"
                + " measurement gives one: the file is damaged");

    Files.writeString(file, good.replace("1,3,7,0\n", "1,3,seven,0\n"));
    assertThatThrownBy(folder::samples)
        .hasMessage(file + " line 4: column latency_ns is not a whole number");

    Files.writeString(file, good.replace("2,3,70,0\n", ""));
    assertThatThrownBy(folder::samples)
        .hasMessage(
            file
                + " holds 2 samples of result 2 but results.json counts 3:"
                + " the two files are not of the same run; use a run folder as junit-bench wrote it");

    Files.writeString(file, good + "2,4,80,0\n");
    assertThatThrownBy(folder::samples)
        .hasMessageContaining("line 12: result 2 has more samples than the 3");

    Files.writeString(file, "id,latency\n" + "1,5\n".repeat(20));
    assertThatThrownBy(folder::samples).hasMessageContaining("has no column result_id");

    Files.writeString(file, "");
    assertThatThrownBy(folder::samples)
        .hasMessage(file + " is empty; it is not a complete samples.csv");

    Files.writeString(file, "result_id,iteration,latency_ns\n1,1,5\n");
    assertThatThrownBy(folder::samples)
        .hasMessage(
            file
                + " is too small for the 10 samples results.json counts: the"
                + " two files are not of the same run, or samples.csv was cut short");

    Files.delete(file);
    assertThat(folder.hasSamples()).isFalse();
    assertThatThrownBy(folder::samples)
        .hasMessage(file + " does not exist; this run kept no raw samples");
  }

  @Test
  @DisplayName(
      "keeps samples of results that results.json does not list yet out, as a run stopped between the two writes leaves them")
  void interruptedRun() throws IOException {
    Path dir = write();
    Files.writeString(
        dir.resolve("samples.csv"),
        Files.readString(dir.resolve("samples.csv")) + "3,1,99,0\n3,2,98,0\n",
        StandardCharsets.UTF_8);
    assertThat(RunFolder.read(dir).samples().of(3)).isNull();
  }

  @Test
  @DisplayName(
      "passes over a last row cut short, as a run stopped while appending leaves it, wherever it"
          + " was cut")
  void appendCutShort() throws IOException {
    Path dir = write();
    String good = Files.readString(dir.resolve("samples.csv"));
    String appended = "3,1,99,0\n3,2,98,0\n";
    for (int cut = 1; cut < appended.length(); cut++) {
      Files.writeString(dir.resolve("samples.csv"), good + appended.substring(0, cut));
      Samples samples = RunFolder.read(dir).samples();
      assertThat(samples.of(1)).as("cut at %d", cut).containsExactly(5, 6, 7, 8, 9, 10, 11);
      assertThat(samples.of(2)).as("cut at %d", cut).containsExactly(50, 60, 70);
      assertThat(samples.of(3)).isNull();
    }
    // A row cut short after result 2's rows does not stand for result 1 being short: that is
    // another run's samples.csv, said as such.
    Files.writeString(
        dir.resolve("samples.csv"), good.replace("1,7,11,0\n", "") + appended.substring(0, 4));
    assertThatThrownBy(() -> RunFolder.read(dir).samples())
        .hasMessageContaining("holds 6 samples of result 1 but results.json counts 7");
  }
}
