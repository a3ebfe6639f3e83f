package dev.junitbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.results.Aggregation;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A probe's figures")
class ProbeFiguresTests {

  @Test
  @DisplayName("say how each number joins across forks: as put, or averaged when put without one")
  void aggregations() {
    ProbeFigures figures =
        new ProbeFigures()
            .put("peak_mb", 30, Aggregation.MAX)
            .put("calls", 2L, Aggregation.SUM)
            .put("mean_ms", 1.5)
            .put("missing", null, Aggregation.MIN)
            .text("kind", "counter")
            .put("memory", "gpu_mem_peak_mb", 10.0, Aggregation.MAX)
            .put("energy", "gpu_power_avg_w", 20.0);

    assertThat(figures.aggregations(ProbeFigures.OWN))
        .containsExactly(
            Map.entry("peak_mb", Aggregation.MAX),
            Map.entry("calls", Aggregation.SUM),
            Map.entry("mean_ms", ProbeFigures.DEFAULT_AGGREGATION),
            Map.entry("missing", Aggregation.MIN));
    assertThat(ProbeFigures.DEFAULT_AGGREGATION).isEqualTo(Aggregation.AVERAGE);
    assertThat(figures.aggregations("memory"))
        .containsExactly(Map.entry("gpu_mem_peak_mb", Aggregation.MAX));
    assertThat(figures.aggregations("energy"))
        .containsExactly(Map.entry("gpu_power_avg_w", Aggregation.AVERAGE));
    assertThat(figures.aggregations("utilization")).isEmpty();
    assertThat(figures.groups().get(ProbeFigures.OWN))
        .containsKeys("peak_mb", "calls", "mean_ms", "missing", "kind");
  }

  @Test
  @DisplayName("a text put over a number joins as a text: the first fork's")
  void textOverNumber() {
    ProbeFigures figures =
        new ProbeFigures().put("source", 1, Aggregation.SUM).text("source", "powercap");
    assertThat(figures.aggregations(ProbeFigures.OWN)).isEmpty();
  }

  @Test
  @DisplayName("refuse a number put with a null aggregation, naming the figure and the choices")
  void nullAggregation() {
    assertThatThrownBy(() -> new ProbeFigures().put("peak_mb", 30, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "the figure peak_mb is put with a null aggregation: pass one of [AVERAGE, SUM, MAX, MIN], or put"
                + " it without one for AVERAGE");
  }
}
