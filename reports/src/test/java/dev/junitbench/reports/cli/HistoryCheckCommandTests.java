package dev.junitbench.reports.cli;

import static dev.junitbench.reports.cli.HistoryCommandTests.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.cli.HistoryCommandTests.Run;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("history check: NOT JUDGED, SUSPECTED steps and their exit codes")
class HistoryCheckCommandTests {

  @TempDir Path dir;

  String db() {
    return dir.resolve("history.duckdb").toString();
  }

  /**
   * Imports runs {@code 1..runs} of {@code host}, the embedding scenario at {@code embed[i - 1]},
   * the classifier flat.
   */
  void store(String host, double... embed) throws Exception {
    for (int i = 1; i <= embed.length; i++) {
      CheckHistories.write(dir, host, i, embed[i - 1]);
    }
    Run imported = run("history", "import", dir.resolve(host).toString(), "--db", db());
    assertThat(imported.code()).as(imported.err()).isZero();
  }

  @Test
  @DisplayName(
      "a store too young to judge says NOT JUDGED first and exits 4, even with its newest run 128% slower;"
          + " --allow-unjudged exits 0")
  void notJudged() throws Exception {
    store("host-a", 16.1, 16.0, 16.2, 36.7);

    Run check = run("history", "check", "--db", db());

    assertThat(check.code()).as(check.err()).isEqualTo(Main.NOT_JUDGED).isEqualTo(4);
    List<String> lines = check.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo(
            "NOT JUDGED: none of 2 series could be judged (median latency, threshold"
                + " 5.0%): 4 runs, 20 needed; no regression in the runs there are");
    assertThat(check.out())
        .doesNotContain("ok:", "No series shifted")
        .contains(
            "NOT JUDGED: 2 series have fewer runs of the median latency than the 20 needed",
            "  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a: 4 runs, 20 needed",
            "  VisionBenchmarks#classify [batch_size=1, device=cpu] on host-a: 4 runs, 20 needed");

    Run allowed = run("history", "check", "--allow-unjudged", "--db", db());
    assertThat(allowed.code()).isZero();
    assertThat(allowed.out()).startsWith("NOT JUDGED: none of 2 series could be judged");
    // The help lists the code, and the tool's own help too.
    assertThat(run("history", "check", "--help").out())
        .contains("--allow-unjudged", "  4   NOT JUDGED: no series has the runs to be judged");
    assertThat(run("--help").out()).contains("  4   history check: NOT JUDGED");
  }

  @Test
  @DisplayName(
      "series judged and not judged: the first line counts both, the exit code follows the judged ones")
  void partlyJudged() throws Exception {
    store("host-a", CheckHistories.stepped(20, 16.0, 0, 1.0));
    store("host-b", CheckHistories.stepped(19, 16.0, 0, 1.0));

    Run check = run("history", "check", "--db", db());

    assertThat(check.code()).as(check.out()).isZero();
    assertThat(check.out().lines().findFirst().orElseThrow())
        .isEqualTo(
            "ok: 0 of 4 series regressed (median latency,"
                + " threshold 5.0%); 2 judged, 2 NOT JUDGED (19 runs, 20 needed); 0 with change points, 0 with a SUSPECTED"
                + " step");
    assertThat(check.out())
        .contains(
            "No series shifted.",
            "  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-b: 19 runs, 20 needed")
        .doesNotContain("on host-a: 20 runs");
    // One more run, and host-b is judged too.
    CheckHistories.write(dir, "host-b", 20, 16.0);
    run("history", "import", dir.resolve("host-b").toString(), "--db", db());
    assertThat(run("history", "check", "--db", db()).out())
        .startsWith(
            "ok: 0 of 4 series regressed (median latency,"
                + " threshold 5.0%); 4 judged, 0 NOT JUDGED;");
  }

  @Test
  @DisplayName(
      "a step in the newest 2 runs is SUSPECTED and fails the check when worse than the threshold")
  void suspected() throws Exception {
    store("host-a", CheckHistories.stepped(20, 16.0, 2, 1.3));

    Run check = run("history", "check", "--db", db());

    assertThat(check.code()).as(check.out()).isEqualTo(Main.REGRESSION);
    List<String> lines = check.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo(
            "REGRESSED: 1 of 2 series regressed (median latency, threshold 5.0%): 1 at a"
                + " SUSPECTED step; 2 judged, 0 NOT JUDGED; 0 with change points, 1 with a SUSPECTED step");
    assertThat(lines)
        .contains(
            "REGRESSED  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a (22 runs)");
    assertThat(
            lines.stream()
                .filter(line -> line.contains("SUSPECTED: the newest 2 runs above"))
                .toList())
        .containsExactly(
            "     21  c2100000  2026-11-02 07:00:00Z  +29.3%  16.00 ms  20.70 ms  -  SUSPECTED: the newest 2"
                + " runs above 16.34 ms");

    // Not worse than the threshold: shown, not failed.
    Run lenient = run("history", "check", "--threshold", "40%", "--db", db());
    assertThat(lenient.code()).isZero();
    assertThat(lenient.out())
        .startsWith("ok: 0 of 2 series regressed")
        .contains(
            "SUSPECTED  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a (22 runs)");
    // Its first run is the newest but one: a check that counts only the newest run lets it pass.
    assertThat(run("history", "check", "--within", "1", "--db", db()).code()).isZero();
    assertThat(run("history", "check", "--within", "2", "--db", db()).code())
        .isEqualTo(Main.REGRESSION);
    // For throughput the step is down, and it is a regression just the same.
    Run throughput = run("history", "check", "--metric", "throughput", "--db", db());
    assertThat(throughput.code()).isEqualTo(Main.REGRESSION);
    assertThat(throughput.out()).contains("SUSPECTED: the newest 2 runs below");
  }

  @Test
  @DisplayName(
      "the replayed 11-run history of a new store is reported as a SUSPECTED step and exits 1")
  void replay() throws Exception {
    store("host-a", CheckHistories.REPLAY);

    Run check = run("history", "check", "--db", db());

    assertThat(check.code()).as(check.out()).isEqualTo(Main.REGRESSION);
    List<String> lines = check.out().lines().toList();
    assertThat(lines.get(0))
        .isEqualTo(
            "REGRESSED: 1 of 2 series regressed (median latency, threshold 5.0%): 1 at a"
                + " SUSPECTED step; 1 judged, 1 NOT JUDGED (11 runs, 20 needed); 0 with change points, 1 with a SUSPECTED"
                + " step");
    assertThat(lines)
        .contains(
            "REGRESSED  EmbeddingBenchmarks#embed [batch_size=1, device=cpu] on host-a (11 runs)",
            "  VisionBenchmarks#classify [batch_size=1, device=cpu] on host-a: 11 runs, 20 needed");
    assertThat(
            lines.stream()
                .filter(line -> line.contains("SUSPECTED: the newest 4 runs above"))
                .toList())
        .singleElement()
        .satisfies(
            line -> assertThat(line).contains("8  c8000000", "+112.7%", "16.30 ms", "34.67 ms"));
  }
}
