package dev.junitbench.reports.html;

import static dev.junitbench.reports.Fixtures.EMBED;
import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.profile.DifferentialFlameGraphPage;
import dev.junitbench.profile.ProfileRecordings;
import dev.junitbench.reports.ProfiledRuns;
import dev.junitbench.reports.action.ReportAction;
import dev.junitbench.reports.runset.RunSetMerge;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.stats.RegressionRule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The report's profiles")
class ReportProfilesTests {

  static final String PAGE = "diff-EmbeddingBenchmarks-embed-device=cpu-vs-run-base.html";

  @TempDir Path tempDir;

  @Test
  @DisplayName("link each profiled scenario's flame graph and list its top five frames as shares")
  void linkFlameGraphAndTopFrames() throws Exception {
    List<ProfileFigures.Frame> frames =
        IntStream.range(0, 7)
            .mapToObj(
                i ->
                    new ProfileFigures.Frame("com/example/Model.layer" + i, 0.3 - i * 0.04, 30 - i))
            .toList();
    Path run =
        RunFolders.write(
            tempDir,
            "run-now",
            List.of(
                passed(EMBED, params(), 1, 100, 10e6)
                    .withProfile(
                        new ProfileFigures(
                            "wall",
                            "wall",
                            "async-profiler 4.5",
                            List.of("profiles/embed-fork-1.jfr"),
                            "profiles/embed.html",
                            500L,
                            frames,
                            "fork 2 recorded nothing"))));
    Path report = run.resolve(HtmlReport.FILE);

    new ReportAction(List.of(run), null, RegressionRule.DEFAULT, false).write(report);

    Document page = Jsoup.parse(Files.readString(report, StandardCharsets.UTF_8));
    Element profile = page.selectFirst("#profiles .profile");
    assertThat(profile.selectFirst("a.flame-graph").attr("href")).isEqualTo("profiles/embed.html");
    assertThat(profile.text()).contains("wall profile (event wall, by async-profiler 4.5)");
    assertThat(profile.select(".warning-line").text()).isEqualTo("fork 2 recorded nothing");
    assertThat(profile.select("table.top-frames tbody tr")).hasSize(5);
    assertThat(profile.select("table.top-frames tbody tr").get(0).text())
        .isEqualTo("com/example/Model.layer0 30.0%");
    assertThat(page.select("nav a[href=#profiles]")).hasSize(1);
  }

  @Test
  @DisplayName(
      "with a baseline, write a regressed scenario's differential flame graph beside the page")
  void differentialFlameGraph() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path report = Files.createDirectories(tempDir.resolve("site")).resolve("report.html");

    new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, false)
        .write(report);

    Document page = Jsoup.parse(Files.readString(report, StandardCharsets.UTF_8));
    assertThat(page.selectFirst("a.differential-flame-graph").attr("href")).isEqualTo(PAGE);
    assertThat(DifferentialFlameGraphPage.read(report.resolveSibling(PAGE)).changes())
        .containsEntry(ProfileRecordings.EXTRA_WORK_FRAME, DifferentialFlameGraphPage.NEW);
    assertThat(page.selectFirst("#verdicts .where-to-look").text())
        .startsWith(
            "Where to look first, EmbeddingBenchmarks.embed: "
                + ProfileRecordings.EXTRA_WORK_FRAME);
    assertThat(page.select("#profiles ol.grown-frames li").first().text())
        .startsWith(ProfileRecordings.EXTRA_WORK_FRAME + " self 0.0% -> ");
  }

  @Test
  @DisplayName("with a baseline, the summary names the most grown frames and links the graph")
  void summaryNamesGrownFrames() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "cpu");
    Path summary = runs.current().resolve("summary.md");

    new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, true)
        .write(summary);

    assertThat(Files.readString(summary, StandardCharsets.UTF_8))
        .contains("**Where to look first**")
        .contains("[differential flame graph](" + PAGE + ")")
        .contains("  1. `" + ProfileRecordings.EXTRA_WORK_FRAME + "`");
    assertThat(summary.resolveSibling(PAGE)).isRegularFile();
  }

  @Test
  @DisplayName(
      "with a baseline, a scenario regressed in allocation only gets its graph in the page and the"
          + " summary")
  void allocationOnly() throws Exception {
    ProfiledRuns runs = ProfiledRuns.writeAllocationRegressed(tempDir);
    Path report = Files.createDirectories(tempDir.resolve("site")).resolve("report.html");
    Path summary = Files.createDirectories(tempDir.resolve("md")).resolve("summary.md");
    ReportAction html =
        new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, false);
    ReportAction markdown =
        new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, true);

    html.write(report);
    markdown.write(summary);

    Document page = Jsoup.parse(Files.readString(report, StandardCharsets.UTF_8));
    assertThat(page.selectFirst("a.differential-flame-graph").attr("href")).isEqualTo(PAGE);
    assertThat(page.select("#profiles ol.grown-frames li").first().text())
        .startsWith(ProfileRecordings.EXTRA_ALLOCATIONS_FRAME + " self 0.0% -> ");
    assertThat(DifferentialFlameGraphPage.read(report.resolveSibling(PAGE)).changes())
        .containsEntry(ProfileRecordings.EXTRA_ALLOCATIONS_FRAME, DifferentialFlameGraphPage.NEW);
    assertThat(Files.readString(summary, StandardCharsets.UTF_8))
        .contains("**Where to look first**")
        .contains("[differential flame graph](" + PAGE + ")")
        .contains("  1. `" + ProfileRecordings.EXTRA_ALLOCATIONS_FRAME + "`");
    assertThat(summary.resolveSibling(PAGE)).isRegularFile();
  }

  @Test
  @DisplayName("draw no differential graph for profiles of different kinds, and say why")
  void differentKinds() throws Exception {
    ProfiledRuns runs = ProfiledRuns.write(tempDir, "alloc");
    Path report = runs.current().resolve(HtmlReport.FILE);

    new ReportAction(List.of(runs.current()), runs.baseline(), RegressionRule.DEFAULT, false)
        .write(report);

    Document page = Jsoup.parse(Files.readString(report, StandardCharsets.UTF_8));
    assertThat(page.select("a.differential-flame-graph")).isEmpty();
    assertThat(page.select("#profiles .warning-line").text())
        .contains("the baseline profiled alloc, the current run cpu");
    try (Stream<Path> files = Files.list(runs.current())) {
      assertThat(files).noneMatch(file -> file.getFileName().toString().startsWith("diff-"));
    }
  }

  @Test
  @DisplayName("of a run set, link into each member's run folder")
  void runSetLinks() throws Exception {
    List<Path> members = new ArrayList<>();
    for (String host : List.of("cpu-box", "gpu-box")) {
      Path run =
          RunFolders.write(
              tempDir.resolve(host),
              "run-" + host,
              List.of(
                  passed(EMBED, params(), 1, 100, 10e6)
                      .withProfile(
                          new ProfileFigures(
                              "cpu",
                              "cpu",
                              "async-profiler 4.5",
                              List.of(),
                              "profiles/embed.html",
                              10L,
                              List.of(),
                              null))),
              host);
      Files.createDirectories(run.resolve("profiles"));
      Files.writeString(run.resolve("profiles/embed.html"), "<h1>" + host + "</h1>");
      members.add(run);
    }
    Path set = tempDir.resolve("set");
    RunSetMerge.merge(
        members.stream().map(run -> RunSetMerge.Input.parse(run.toString())).toList(), set);
    Path report = set.resolve(HtmlReport.FILE);

    new ReportAction(List.of(set), null, RegressionRule.DEFAULT, false).write(report);

    Document page = Jsoup.parse(Files.readString(report, StandardCharsets.UTF_8));
    List<String> links = page.select("#profiles a.flame-graph").eachAttr("href");
    assertThat(links)
        .containsExactly(
            "cpu-box/run-cpu-box/profiles/embed.html", "gpu-box/run-gpu-box/profiles/embed.html");
    assertThat(links).allSatisfy(link -> assertThat(set.resolve(link)).isRegularFile());
  }
}
