package dev.junitbench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.SteadyRule;
import dev.junitbench.results.WarmupCurve;
import dev.junitbench.results.WarmupWindow;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The windows of a warm-up until steady")
class WarmupWindowsTests {

  private static SteadyRule rule(int windows, Duration maxTime) {
    return new SteadyRule(Duration.ofMillis(10), 1, windows, 0.02, maxTime);
  }

  @Test
  @DisplayName(
      "take each window's median from the samples before the end, across the buffer's wrap")
  void medianAcrossTheWrap() {
    long[] buffer = {7, 8, 9, 100, 100, 100, 100, 1, 5, 6};
    WarmupWindows windows = new WarmupWindows(rule(3, Duration.ofSeconds(1)), buffer.length);
    // The last 5 samples end before index 3: 1, 5, 6 at the end of the array, then 7, 8, 9.
    windows.close(buffer, 3, 5, 10_000_000);
    // A window of more calls than the buffer holds: its most recent 10 samples, ending at the end.
    windows.close(buffer, buffer.length, 50, 20_000_000);

    WarmupCurve curve = windows.curve();
    assertThat(curve.windows()).extracting(WarmupWindow::medianMs).containsExactly(7e-6, 8.5e-6);
    assertThat(curve.windows()).extracting(WarmupWindow::iterations).containsExactly(5L, 50L);
    assertThat(curve.windows()).extracting(WarmupWindow::endMs).containsExactly(10.0, 20.0);
  }

  @Test
  @DisplayName(
      "go on judging once the curve is full, and settle on the windows that came last, two running")
  void judgingOutlastsTheCurve() {
    // A bound of 30 ms in windows of 10 ms: the curve holds 5 windows.
    WarmupWindows windows = new WarmupWindows(rule(3, Duration.ofMillis(30)), 4);
    long[] falling = new long[4];
    boolean steady = false;
    for (int w = 1; w <= 13; w++) {
      // Falling by half a window for ten windows, then flat.
      Arrays.fill(falling, w <= 10 ? 1_000_000L >> w : 1_000_000L >> 10);
      steady = windows.close(falling, falling.length, 4, w * 10_000_000L);
      if (w < 13) {
        assertThat(steady).as("steady at window %d", w).isFalse();
      }
    }
    assertThat(steady).isTrue();
    windows.settle();
    WarmupCurve curve = windows.curve();
    assertThat(curve.windows()).hasSize(5);
    assertThat(curve.settledAtMs()).isEqualTo(130.0);
    assertThat(curve.driftPerWindow()).isZero();
    assertThat(windows.steady()).isTrue();
    assertThat(windows.reason(52, 130_000_000)).isNull();
  }
}
