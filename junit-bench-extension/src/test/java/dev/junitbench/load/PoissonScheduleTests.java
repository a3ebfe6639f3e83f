package dev.junitbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A Poisson schedule")
class PoissonScheduleTests {

  @Test
  @DisplayName(
      "draws exponential gaps at the target rate from its seed: mean 1/rate, CV 1, the same every time")
  void exponentialGaps() {
    PoissonSchedule schedule = PoissonSchedule.of(500, 200_001, 42);
    long[] offsets = schedule.offsetsNs();
    assertThat(offsets[0]).isZero();
    double sum = 0;
    double squares = 0;
    int gaps = offsets.length - 1;
    for (int i = 1; i < offsets.length; i++) {
      double gap = offsets[i] - offsets[i - 1];
      assertThat(gap).isGreaterThanOrEqualTo(0);
      sum += gap;
      squares += gap * gap;
    }
    double mean = sum / gaps;
    double std = Math.sqrt(squares / gaps - mean * mean);
    // 200,000 gaps: the mean's standard error is 0.22% of it; 1% is 4.5 of them.
    assertThat(mean).isCloseTo(2_000_000, within(20_000.0));
    assertThat(std / mean).isCloseTo(1.0, within(0.02));
    assertThat(PoissonSchedule.of(500, 200_001, 42).offsetsNs()).isEqualTo(offsets);
    assertThat(PoissonSchedule.of(500, 200_001, 43).offsetsNs()).isNotEqualTo(offsets);
  }

  @Test
  @DisplayName(
      "reports the rate it actually scheduled: N - 1 gaps over their span, off the target by about 1/sqrt(N)")
  void scheduledRate() {
    PoissonSchedule schedule = PoissonSchedule.of(100, 459, 7);
    assertThat(schedule.queries()).isEqualTo(459);
    assertThat(schedule.scheduledQps()).isEqualTo(458 / (schedule.spanNs() / 1e9));
    assertThat(schedule.scheduledQps()).isCloseTo(100, within(100 * 4 / Math.sqrt(458)));
    assertThat(PoissonSchedule.of(100, 1, 7).scheduledQps()).isNull();
  }

  @Test
  @DisplayName("refuses a rate that is not positive and a schedule without queries")
  void badInput() {
    assertThatThrownBy(() -> PoissonSchedule.of(0, 10, 1))
        .hasMessage("the target rate must be a positive number of queries per second, was 0.0");
    assertThatThrownBy(() -> PoissonSchedule.of(Double.NaN, 10, 1)).hasMessageContaining("was NaN");
    assertThatThrownBy(() -> PoissonSchedule.of(10, 0, 1))
        .hasMessage("a schedule needs at least 1 query, was 0");
  }
}
