package dev.junitbench.reports.action;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.config.BaselineMatch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.history.HistoryCheck;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The settings the actions share")
class SettingValuesTests {

  @TempDir Path dir;

  @Test
  @DisplayName("read a relative change as a percentage or a fraction")
  void relativeChange() throws Exception {
    assertThat(SettingValues.relativeChange("threshold", " 5% ")).isEqualTo(0.05);
    assertThat(SettingValues.relativeChange("threshold", "0.2")).isEqualTo(0.2);
    assertThat(SettingValues.relativeChange("threshold", "150%")).isEqualTo(1.5);
  }

  @Test
  @DisplayName(
      "refuse a bare number of 1 or more, which would be a change of 100% or more: 10 meant as 10%"
          + " would make a gate that never fails")
  void bareNumberOfOneOrMore() {
    assertThatThrownBy(() -> SettingValues.relativeChange("--threshold", "10"))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "--threshold 10 is a fraction, a change of 1000%: write 10% for that many percent (or"
                + " 0.1); a bare number is a fraction, and a change of 100% or more is written"
                + " with %");
    assertThatThrownBy(() -> SettingValues.relativeChange("--threshold", "1"))
        .hasMessageStartingWith("--threshold 1 is a fraction, a change of 100%: write 1% ");
    assertThatThrownBy(() -> SettingValues.relativeChange("--threshold", "1.1"))
        .hasMessageStartingWith(
            "--threshold 1.1 is a fraction, a change of 110%: write 1.1% for that many percent"
                + " (or 0.011);");
    assertThatThrownBy(() -> SettingValues.allocationRule("--alloc-threshold", "10,64B"))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith(
            "--alloc-threshold 10,64B is a fraction, a change of 1000%: write 10% for that many");
  }

  @Test
  @DisplayName("name the setting as the caller calls it in every error, with what it takes")
  void errorsNameTheSetting() {
    assertThatThrownBy(
            () -> SettingValues.relativeChange("threshold (junit-bench.threshold)", "-5%"))
        .isInstanceOf(BadInputException.class)
        .hasMessage(
            "threshold (junit-bench.threshold) -5% is not a relative change; use 5% or 0.05");
    assertThatThrownBy(() -> SettingValues.rule("--threshold", "5%", "--alpha", 0.7))
        .isInstanceOf(BadInputException.class)
        .hasMessageStartingWith("--threshold 5% --alpha 0.7: ");
    assertThatThrownBy(() -> SettingValues.match("--match", "most"))
        .hasMessage("--match most is not valid; use any or all");
    assertThatThrownBy(() -> SettingValues.metric("--metric", "mean"))
        .hasMessage(
            "--metric mean is not a figure history check judges; give median, p99 or throughput");
    assertThatThrownBy(() -> SettingValues.within("--within", 0))
        .hasMessageStartingWith("--within 0 counts no run; give 1 or more");
    assertThatThrownBy(() -> SettingValues.requireFolderOf("-o", dir.resolve("missing/out.md")))
        .isInstanceOf(IOException.class)
        .hasMessageEndingWith("does not exist; create it or give another -o");
    assertThatThrownBy(() -> SettingValues.requireFolderOf("-o", dir))
        .hasMessage("cannot write " + dir + ": it is a folder; give a file name with -o");
  }

  @Test
  @DisplayName("read match and metric in any case, and within as all runs when not given")
  void values() throws Exception {
    assertThat(SettingValues.match("match", "ALL")).isEqualTo(BaselineMatch.ALL);
    assertThat(SettingValues.metric("metric", "P99")).isEqualTo(HistoryCheck.Metric.P99);
    assertThat(SettingValues.within("within", null)).isEqualTo(Integer.MAX_VALUE);
    assertThat(SettingValues.within("within", 3)).isEqualTo(3);
  }
}
