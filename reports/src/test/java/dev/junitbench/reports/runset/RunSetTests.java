package dev.junitbench.reports.runset;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.html.HtmlReport;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.UnitFormat;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.assertj.core.data.Offset;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A run set")
class RunSetTests {

  @TempDir Path dir;

  static List<ScenarioResult> scenarios(long seed, double factor) {
    return List.of(
        passed(EMBED, params("batch_size", 1), seed, 40, 7e6 * factor),
        passed(EMBED, params("batch_size", 8), seed + 1, 40, 44e6 * factor));
  }

  Path cpu() {
    return RunFolders.write(
        dir.resolve("cpu"), "run-20261123-080000-aaaaaa", scenarios(1, 1.0), "runner-17");
  }

  Path gpu() {
    return RunFolders.write(
        dir.resolve("gpu"), "run-20261123-080000-bbbbbb", scenarios(3, 0.25), "gpu-box");
  }

  @Test
  @DisplayName(
      "keeps each member's run folder unchanged under its label, and an index naming each host")
  void merges() throws Exception {
    Path cpu = cpu();
    Path gpu = gpu();
    Path set = dir.resolve("merged");
    RunSet index =
        RunSetMerge.merge(
            List.of(
                RunSetMerge.Input.parse("cpu-x64=" + cpu), RunSetMerge.Input.parse(gpu.toString())),
            set);
    assertThat(index.members())
        .extracting(RunSet.Member::label)
        .containsExactly("cpu-x64", "gpu-box");
    assertThat(index.members())
        .extracting(RunSet.Member::path)
        .containsExactly(
            "cpu-x64/run-20261123-080000-aaaaaa", "gpu-box/run-20261123-080000-bbbbbb");
    assertThat(index.members().get(0).hostName()).isEqualTo("runner-17");
    for (String file : List.of("results.json", "results.csv", "samples.csv")) {
      assertThat(
              Files.readAllBytes(set.resolve("cpu-x64/run-20261123-080000-aaaaaa").resolve(file)))
          .isEqualTo(Files.readAllBytes(cpu.resolve(file)));
    }
    RunSet read = RunSet.read(set);
    assertThat(read).isEqualTo(index);
    assertThat(Files.readString(set.resolve(RunSet.INDEX)))
        .contains("\"schema_version\" : 1", "\"run_id\"", "\"host_name\" : \"runner-17\"");
  }

  @Test
  @DisplayName("reports the hosts side by side, each host's figures from its own run")
  void reportsHostsSideBySide() throws Exception {
    Path set = dir.resolve("merged");
    RunSetMerge.merge(
        List.of(RunSetMerge.Input.parse("cpu=" + cpu()), RunSetMerge.Input.parse("gpu=" + gpu())),
        set);
    Document page = Jsoup.parse(HtmlReport.ofRunSet(set).render());
    assertThat(page.title()).isEqualTo("junit-bench report: 2 hosts");
    Element table = page.selectFirst("#hosts table");
    assertThat(table).isNotNull();
    assertThat(table.select("thead th").eachText())
        .containsExactly(
            "Scenario",
            "cpu median",
            "cpu p99",
            "cpu throughput",
            "cpu ratio",
            "gpu median",
            "gpu p99",
            "gpu throughput",
            "gpu ratio");
    RunFolder cpuRun = RunFolder.read(set.resolve("cpu/run-20261123-080000-aaaaaa"));
    RunFolder gpuRun = RunFolder.read(set.resolve("gpu/run-20261123-080000-bbbbbb"));
    List<Element> rows = table.select("tbody tr");
    assertThat(rows).hasSize(2);
    for (int i = 0; i < 2; i++) {
      List<String> cells = rows.get(i).select("td").eachText();
      double cpuMedian = cpuRun.results().get(i).latencyMs().median();
      double gpuMedian = gpuRun.results().get(i).latencyMs().median();
      assertThat(cells.get(1)).isEqualTo(UnitFormat.duration(cpuMedian));
      assertThat(cells.get(5)).isEqualTo(UnitFormat.duration(gpuMedian));
      assertThat(cells.get(4)).isEqualTo("1.000");
      assertThat(Double.parseDouble(cells.get(8)))
          .isCloseTo(gpuMedian / cpuMedian, Offset.offset(5e-4));
    }
    // The scenario table names each row's host, never a pooled figure.
    assertThat(page.select("table.scenarios tbody tr")).hasSize(4);
    assertThat(page.select("table.scenarios tbody tr td:first-child").eachText())
        .containsExactly("cpu", "cpu", "gpu", "gpu");
  }

  @Test
  @DisplayName(
      "refuses a label used twice, a label unfit for a folder, a damaged run and a folder not empty")
  void badInput() throws Exception {
    Path cpu = cpu();
    Path gpu = gpu();
    assertThatThrownBy(
            () ->
                RunSetMerge.merge(
                    List.of(
                        RunSetMerge.Input.parse("a=" + cpu), RunSetMerge.Input.parse("a=" + gpu)),
                    dir.resolve("m1")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("two runs have the label 'a'")
        .hasMessageContaining("LABEL=RUN_DIR");
    assertThat(dir.resolve("m1")).doesNotExist();
    assertThatThrownBy(
            () ->
                RunSetMerge.merge(
                    List.of(
                        new RunSetMerge.Input(cpu, "../x"),
                        RunSetMerge.Input.parse(gpu.toString())),
                    dir.resolve("m2")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("'../x'")
        .hasMessageContaining("cannot name a folder");
    // A matrix of one machine is a set of one.
    assertThat(
            RunSetMerge.merge(List.of(RunSetMerge.Input.parse(cpu.toString())), dir.resolve("m3"))
                .members())
        .hasSize(1);
    Path damaged = Files.createDirectories(dir.resolve("damaged/run-x"));
    Files.writeString(damaged.resolve("results.json"), "{\"schema_version\": 1, \"run\": {");
    assertThatThrownBy(
            () ->
                RunSetMerge.merge(
                    List.of(
                        RunSetMerge.Input.parse(cpu.toString()),
                        RunSetMerge.Input.parse("bad=" + damaged)),
                    dir.resolve("m4")))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining(damaged.resolve("results.json").toString());
    Path full = Files.createDirectories(dir.resolve("full"));
    Files.writeString(full.resolve("notes.txt"), "mine");
    assertThatThrownBy(
            () ->
                RunSetMerge.merge(
                    List.of(
                        RunSetMerge.Input.parse(cpu.toString()),
                        RunSetMerge.Input.parse(gpu.toString())),
                    full))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("is not empty");
    assertThat(Files.readString(full.resolve("notes.txt"))).isEqualTo("mine");
  }

  @Test
  @DisplayName("refuses an index of another version or naming a folder outside the set")
  void badIndex() throws Exception {
    Path set = dir.resolve("merged");
    RunSetMerge.merge(
        List.of(RunSetMerge.Input.parse("cpu=" + cpu()), RunSetMerge.Input.parse("gpu=" + gpu())),
        set);
    String index = Files.readString(set.resolve(RunSet.INDEX));
    Files.writeString(
        set.resolve(RunSet.INDEX),
        index.replace("\"schema_version\" : 1", "\"schema_version\" : 7"));
    assertThatThrownBy(() -> RunSet.read(set))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("schema_version 7");
    Files.writeString(
        set.resolve(RunSet.INDEX), index.replace("cpu/run-20261123-080000-aaaaaa", "../../etc"));
    assertThatThrownBy(() -> RunSet.read(set))
        .isInstanceOf(BadInputException.class)
        .hasMessageContaining("not a folder (or a JMH result file) inside the set");
  }

  @Test
  @DisplayName("merges a JMH result file as a member, copied whole, and reads the set back")
  void jmhMember() throws Exception {
    Path jmh = dir.resolve("jmh-1.37-gc.json");
    try (InputStream in =
        RunSetTests.class.getResourceAsStream(
            "/dev/junitbench/reports/jmh/public/jmh-1.37-gc.json")) {
      Files.copy(in, jmh);
    }
    Path set = dir.resolve("merged");
    RunSetMerge.merge(
        List.of(RunSetMerge.Input.parse("cpu=" + cpu()), RunSetMerge.Input.parse("jmh=" + jmh)),
        set);

    RunSet read = RunSet.read(set);
    assertThat(read.members()).extracting(RunSet.Member::path).contains("jmh/jmh-1.37-gc.json");
    assertThat(set.resolve("jmh").resolve("jmh-1.37-gc.json")).hasSameTextualContentAs(jmh);
  }
}
