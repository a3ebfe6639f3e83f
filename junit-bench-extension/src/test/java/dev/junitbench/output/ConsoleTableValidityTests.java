package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Validity;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The console table's percentiles and validity")
class ConsoleTableValidityTests {

  private static final String PLAIN = "dev.example.EmbeddingBenchmarks#embed";
  private static final String SERVER = "dev.example.LoadBenchmarks#server";

  @Test
  @DisplayName(
      "describes 10-iteration latency benchmarks by the percentiles they support, never as INVALID")
  void shortLatencyBenchmarks() {
    List<ScenarioResult> results =
        List.of(
            RunFolders.passed(PLAIN, Map.of("batch_size", 1), RunFolders.around(8_000_000, 10)),
            RunFolders.passed(PLAIN, Map.of("batch_size", 8), RunFolders.around(30_000_000, 10)));

    String out = ConsoleTable.render(results);

    assertThat(out).doesNotContain("INVALID").doesNotContain("valid:");
    assertThat(out.replaceAll("\\s+", " "))
        .contains(
            "percentiles (MLPerf LoadGen's early stopping, 99% confidence): p99 supported in 0 of 2"
                + " measured scenarios (needs 662 samples), p99.9 in 0 (needs 6,636); a p99 marked"
                + " * is from fewer samples");
    List<String> lines = out.lines().toList();
    int header = lines.indexOf(lines.stream().filter(l -> l.contains("p99")).findFirst().get());
    assertThat(lines.get(header + 1)).contains(" ms*  ");
    assertThat(lines.get(header + 2)).contains(" ms*  ");
    assertThat(lines.get(header + 3))
        .as("the * explained right below the table")
        .isEqualTo(
            "  * p99 from fewer than 662 samples, too few for MLPerf LoadGen's early stopping to"
                + " support it at 99% confidence");
    lines.forEach(line -> assertThat(line.length()).as("'%s'", line).isLessThanOrEqualTo(120));
  }

  @Test
  @DisplayName("marks no p99 its samples support, and then has no * to explain")
  void supportedP99() {
    String out =
        ConsoleTable.render(
            List.of(
                RunFolders.passed(
                    PLAIN, Map.of("batch_size", 1), RunFolders.around(8_000_000, 1000))));

    assertThat(out).doesNotContain("*").doesNotContain("INVALID");
    assertThat(out.replaceAll("\\s+", " "))
        .endsWith(
            "percentiles (MLPerf LoadGen's early stopping, 99% confidence): p99 supported in 1 of 1"
                + " measured scenarios (needs 662 samples), p99.9 in 0 (needs 6,636) ");
  }

  @Test
  @DisplayName(
      "counts as valid or INVALID only the runs judged on a latency bound or a configured minimum")
  void judgedRuns() {
    long[] ten = RunFolders.around(8_000_000, 10);
    List<ScenarioResult> results =
        List.of(
            RunFolders.passed(PLAIN, Map.of("batch_size", 1), ten),
            RunFolders.passed(PLAIN, Map.of("batch_size", 8), ten)
                .withValidity(Validity.of(ten, 80.0, 100L, null)),
            RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(459, 0), null),
            RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(1000, 20), null),
            RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(459, 8), null));

    String out = ConsoleTable.render(results);

    assertThat(out.replaceAll("\\s+", " "))
        .contains(
            "p99 supported in 1 of 5 measured scenarios (needs 662 samples), p99.9 in 0 (needs"
                + " 6,636); a p99 marked * is from fewer samples")
        .contains(
            "valid: 1 of 4 scenarios judged on a latency bound or a configured minimum (INVALID: 1"
                + " under a configured minimum, 1 latency bound MISSED, 1 latency bound undecided;"
                + " a flag, never a failure)");
    assertThat(out).containsOnlyOnce("INVALID");
    out.lines()
        .forEach(line -> assertThat(line.length()).as("'%s'", line).isLessThanOrEqualTo(120));
  }

  @Test
  @DisplayName("says in the load table whether each bound held, was MISSED or is undecided")
  void loadTable() {
    String out =
        ConsoleTable.render(
            List.of(
                RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(459, 0), null),
                RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(1000, 20), null),
                RunFolders.server(SERVER, RunFolders.tenMsWith60MsTail(459, 8), null)));

    List<String> lines = out.lines().toList();
    int header = lines.indexOf(lines.stream().filter(l -> l.contains("  held")).findFirst().get());
    assertThat(lines.subList(header + 1, header + 4))
        .extracting(line -> line.strip().split("\\s{2,}")[8])
        .containsExactly("yes", "MISSED", "undecided");
    assertThat(lines.get(header + 4).replaceAll("\\s+", " "))
        .as("the words explained right below the table")
        .startsWith(" held: yes at 99% confidence (MLPerf LoadGen's early stopping); MISSED:");
    assertThat(out).doesNotContain(" NO ");
  }
}
