package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("results.csv opened in a spreadsheet")
class CsvInjectionTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "runs no formula: text starting with =, +, -, @ gets an apostrophe; numbers stay numbers; JSON keeps the value")
  void inert() {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir).run(InjectionTestCases.class);
    Map<String, String> cells =
        outcome.resultsCsv().stream()
            .collect(
                Collectors.toMap(
                    r ->
                        outcome.results().stream()
                            .filter(j -> j.get("id").asText().equals(r.get("id")))
                            .findFirst()
                            .orElseThrow()
                            .get("params")
                            .get("payload")
                            .asText(),
                    (CSVRecord r) -> r.get("param_payload")));
    assertThat(cells)
        .containsEntry("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")")
        .containsEntry("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0")
        .containsEntry("@SUM(A1)", "'@SUM(A1)")
        .containsEntry("-2+3", "'-2+3")
        .containsEntry("-2.5", "-2.5")
        .containsEntry("../../etc/passwd", "../../etc/passwd")
        .containsEntry("<script>alert(1)</script>", "<script>alert(1)</script>");
    assertThat(outcome.resultsCsv())
        .allSatisfy(r -> assertThat(r.get("display_name")).doesNotStartWith("="));
    assertThat(ResultsCsv.inert("\tTAB")).isEqualTo("'\tTAB");
    assertThat(ResultsCsv.inert("plain")).isEqualTo("plain");
    assertThat(ResultsCsv.inert("-Infinity")).isEqualTo("'-Infinity");
    assertThat(ResultsCsv.inert("")).isEmpty();
    assertThat(outcome.runDir().getParent()).isEqualTo(tempDir);
    assertThat(ListenerRun.list(tempDir)).hasSize(1);
  }

  static class InjectionTestCases {
    @Benchmark
    @Param(
        name = "payload",
        values = {
          "=HYPERLINK(\"http://x\")",
          "+cmd|' /C calc'!A0",
          "@SUM(A1)",
          "-2+3",
          "-2.5",
          "../../etc/passwd",
          "<script>alert(1)</script>"
        })
    void measured(Blackhole blackhole) {
      blackhole.consume(List.of(1));
    }
  }
}
