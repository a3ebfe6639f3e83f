package dev.junitbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.Defaults;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The pace of the progress line, on a clock the test moves: nothing here waits. */
@DisplayName("The progress line's pace")
class ProgressPaceTests {

  private final AtomicLong clock = new AtomicLong(1_000_000_000_000L);

  private ProgressPace pace(boolean interactive) {
    return new ProgressPace(
        Defaults.PROGRESS_DELAY, ProgressPace.interval(interactive), clock::get);
  }

  /** The seconds, from the start, at which {@code pace} prints over {@code seconds}. */
  private List<Double> printsOver(ProgressPace pace, int seconds) {
    long start = clock.get();
    List<Double> at = new ArrayList<>();
    // A printer that wakes every 100 ms, more often than any interval.
    for (long ns = 0; ns <= seconds * 1_000_000_000L; ns += 100_000_000L) {
      clock.set(start + ns);
      if (pace.due()) {
        at.add(ns / 1e9);
      }
    }
    return at;
  }

  @Test
  @DisplayName("is once every 10 s where no terminal is attached, once a second on a terminal")
  void intervals() {
    assertThat(Defaults.PROGRESS_INTERVAL_NON_INTERACTIVE).isEqualTo(Duration.ofSeconds(10));
    assertThat(ProgressPace.interval(false)).isEqualTo(Duration.ofSeconds(10));
    assertThat(ProgressPace.interval(true)).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  @DisplayName("prints in a log first after 3 s, then at most every 10 s")
  void nonInteractive() {
    assertThat(printsOver(pace(false), 60)).containsExactly(3.0, 13.0, 23.0, 33.0, 43.0, 53.0);
  }

  @Test
  @DisplayName("prints on a terminal first after 3 s, then every second")
  void interactive() {
    assertThat(printsOver(pace(true), 6)).containsExactly(3.0, 4.0, 5.0, 6.0);
  }

  @Test
  @DisplayName("counts the interval from the line printed, so a late wake-up brings no two closer")
  void lateWakeUp() {
    ProgressPace pace = pace(false);
    long start = clock.get();
    clock.set(start + Duration.ofMillis(7_500).toNanos()); // woke 4.5 s late
    assertThat(pace.due()).isTrue();
    assertThat(pace.untilDueNs()).isEqualTo(Duration.ofSeconds(10).toNanos());
    clock.set(start + Duration.ofMillis(17_499).toNanos());
    assertThat(pace.due()).isFalse();
    assertThat(pace.untilDueNs()).isEqualTo(Duration.ofMillis(1).toNanos());
    clock.set(start + Duration.ofMillis(17_500).toNanos());
    assertThat(pace.due()).isTrue();
  }

  @Test
  @DisplayName("says how long the printer may sleep before the first line")
  void untilFirstLine() {
    ProgressPace pace = pace(false);
    assertThat(pace.untilDueNs()).isEqualTo(Defaults.PROGRESS_DELAY.toNanos());
    assertThat(pace.due()).isFalse();
  }

  @Test
  @DisplayName("takes an output without a console for a log")
  void noConsoleIsNotInteractive() {
    assertThat(ProgressLine.interactive(null)).isFalse();
  }
}
