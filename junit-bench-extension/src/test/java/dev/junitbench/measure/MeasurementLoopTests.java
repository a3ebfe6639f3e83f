package dev.junitbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.ThreadMXBean;
import dev.junitbench.config.StopRule;
import dev.junitbench.measure.MeasurementLoop.Phases;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The measurement loop")
class MeasurementLoopTests {

  private static int calls;
  private static final List<String> log = new ArrayList<>();
  private static HandedOver blackhole;

  static void count() {
    calls++;
  }

  static void sleepOneMs() throws InterruptedException {
    calls++;
    Thread.sleep(1);
  }

  static void fail() {
    if (++calls == 3) {
      throw new IllegalStateException("third call");
    }
  }

  static void logAndHandOver() {
    calls++;
    log.add("body " + calls);
    int call = calls;
    blackhole.closeAfterTiming(() -> log.add("close " + call));
  }

  static void handOverThenFail() {
    calls++;
    blackhole.closeAfterTiming(() -> log.add("closed " + calls));
    if (calls == 2) {
      throw new IllegalStateException("second call");
    }
  }

  static void slowToClose() {
    blackhole.closeAfterTiming(() -> Thread.sleep(300));
  }

  private static MethodHandle body(String name) throws ReflectiveOperationException {
    return MethodHandles.lookup()
        .findStatic(MeasurementLoopTests.class, name, MethodType.methodType(void.class));
  }

  private static Phases run(String body, StopRule warmup, StopRule measurement) throws Throwable {
    calls = 0;
    return new MeasurementLoop()
        .run(
            new TimedCall(body(body), blackhole), warmup, measurement, new Progress(), phase -> {});
  }

  private static StopRule iterations(int n) {
    return new StopRule(n, null, 0);
  }

  @Test
  @DisplayName(
      "runs exactly the iterations asked for, warm-up first, and keeps only measured samples")
  void exactIterations() throws Throwable {
    blackhole = new HandedOver();
    Phases outcome = run("count", iterations(7), iterations(13));
    assertThat(calls).isEqualTo(20);
    assertThat(outcome.warmup().count()).isEqualTo(7);
    assertThat(outcome.measurement().count()).isEqualTo(13);
    assertThat(outcome.measurement().samples()).hasSizeGreaterThanOrEqualTo(13);
  }

  @Test
  @DisplayName("counts every warm-up iteration, though it keeps only the latest warm-up samples")
  void warmupCount() throws Throwable {
    blackhole = new HandedOver();
    Phases outcome = run("count", new StopRule(5_000, null, 0), iterations(3));
    assertThat(outcome.warmup().iterations()).isEqualTo(5_000).isEqualTo(calls - 3);
    assertThat(outcome.warmup().count()).isLessThan(5_000);
  }

  @Test
  @DisplayName("runs a timed phase at least as long as asked")
  void timedPhase() throws Throwable {
    blackhole = new HandedOver();
    Phases outcome = run("sleepOneMs", StopRule.OFF, new StopRule(0, Duration.ofMillis(40), 0));
    assertThat(outcome.warmup().count()).isZero();
    assertThat(outcome.measurement().elapsedNs()).isGreaterThanOrEqualTo(40_000_000L);
    assertThat(outcome.measurement().count()).isEqualTo(calls).isPositive();
  }

  @Test
  @DisplayName("with iterations and a time runs until both are reached")
  void bothReached() throws Throwable {
    blackhole = new HandedOver();
    Phases fewIterations =
        run("sleepOneMs", StopRule.OFF, new StopRule(2, Duration.ofMillis(30), 0));
    assertThat(fewIterations.measurement().elapsedNs()).isGreaterThanOrEqualTo(30_000_000L);
    Phases shortTime = run("sleepOneMs", StopRule.OFF, new StopRule(25, Duration.ofNanos(1), 0));
    assertThat(shortTime.measurement().count()).isEqualTo(25);
  }

  @Test
  @DisplayName("with a precision stops at the time bound when the precision is out of reach")
  void precisionBoundedByTime() throws Throwable {
    blackhole = new HandedOver();
    // A relative half-width of 1e-12 is below the clock's resolution: unreachable.
    Phases outcome = run("sleepOneMs", StopRule.OFF, new StopRule(6, Duration.ofMillis(50), 1e-12));
    assertThat(outcome.measurement().precisionReached()).isFalse();
    assertThat(outcome.measurement().elapsedNs()).isGreaterThanOrEqualTo(50_000_000L);
  }

  @Test
  @DisplayName(
      "with a precision stops as soon as the median's confidence interval is narrow enough")
  void precisionReached() throws Throwable {
    blackhole = new HandedOver();
    // A half-width below 10^9 x the median holds for any sleep this machine can take, however busy:
    // reached at the first check.
    Phases outcome = run("sleepOneMs", StopRule.OFF, new StopRule(10, Duration.ofMinutes(5), 1e9));
    assertThat(outcome.measurement().precisionReached()).isTrue();
    assertThat(outcome.measurement().count()).isEqualTo(10);
  }

  @Test
  @DisplayName("stops at the sample limit")
  void sampleLimit() throws Throwable {
    blackhole = new HandedOver();
    calls = 0;
    Phases outcome =
        new MeasurementLoop(100)
            .run(
                new TimedCall(body("count"), blackhole),
                StopRule.OFF,
                new StopRule(0, Duration.ofHours(1), 0),
                new Progress(),
                phase -> {});
    assertThat(outcome.measurement().count()).isEqualTo(100);
    assertThat(outcome.measurement().sampleLimitReached()).isTrue();
  }

  @Test
  @DisplayName("closes what the body hands over after each iteration, before the next")
  void closesAfterEachIteration() throws Throwable {
    blackhole = new HandedOver();
    log.clear();
    run("logAndHandOver", StopRule.OFF, iterations(3));
    assertThat(log).containsExactly("body 1", "close 1", "body 2", "close 2", "body 3", "close 3");
  }

  @Test
  @DisplayName("does not time the closing of what the body hands over")
  void closingIsNotTimed() throws Throwable {
    blackhole = new HandedOver();
    Phases outcome = run("slowToClose", StopRule.OFF, iterations(3));
    long[] samples = outcome.measurement().samples();
    // Each close sleeps 300 ms; the body itself is a few microseconds.
    for (int i = 0; i < 3; i++) {
      assertThat(samples[i]).isLessThan(300_000_000L);
    }
  }

  @Test
  @DisplayName("lets the body's exception through")
  void bodyException() {
    blackhole = new HandedOver();
    assertThatThrownBy(() -> run("fail", StopRule.OFF, iterations(5)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("third call");
  }

  @Test
  @DisplayName("closes what the failing iteration handed over before it lets the exception through")
  void closesOnFailure() {
    blackhole = new HandedOver();
    log.clear();
    assertThatThrownBy(() -> run("handOverThenFail", StopRule.OFF, iterations(5)))
        .hasMessage("second call");
    assertThat(log).containsExactly("closed 1", "closed 2");
  }

  @Test
  @DisplayName(
      "reports the precision as not reached when the time bound stops it before its iterations")
  void precisionJudgedAtTheEnd() throws Throwable {
    blackhole = new HandedOver();
    // The time bound (1 ns) ends the phase after one call, though 0.999 would hold for any data.
    Phases outcome = run("sleepOneMs", iterations(6), new StopRule(8, Duration.ofNanos(1), 0.999));
    assertThat(outcome.measurement().count()).isEqualTo(1);
    assertThat(outcome.measurement().precisionReached()).isFalse();
  }

  @Test
  @DisplayName("allocates nothing per iteration: only the sample array grows with the count")
  void noAllocationPerIteration() throws Throwable {
    blackhole = new HandedOver();
    ThreadMXBean threads = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    long thread = Thread.currentThread().getId();
    run("count", iterations(50_000), iterations(10_000)); // compile the loop first
    long before = threads.getThreadAllocatedBytes(thread);
    run("count", StopRule.OFF, iterations(10_000));
    long small = threads.getThreadAllocatedBytes(thread) - before;
    before = threads.getThreadAllocatedBytes(thread);
    run("count", StopRule.OFF, iterations(410_000));
    long large = threads.getThreadAllocatedBytes(thread) - before;
    long sampleArrays = 8L * (410_000 - 10_000);
    // One extra byte per iteration would add 400 kB beyond the larger sample array.
    assertThat(large - small).isLessThan(sampleArrays + 64 * 1024);
  }

  /**
   * What a body hands over to be closed after timing, as a benchmark's {@code Blackhole} does:
   * closed in the order handed over, every one even when one throws, the first failure thrown with
   * the others suppressed.
   */
  private static final class HandedOver implements AfterTiming {
    private final List<AutoCloseable> pending = new ArrayList<>();

    void closeAfterTiming(AutoCloseable resource) {
      pending.add(resource);
    }

    @Override
    public boolean pending() {
      return !pending.isEmpty();
    }

    @Override
    public void closePending() throws Exception {
      Exception failure = null;
      for (AutoCloseable resource : pending) {
        try {
          resource.close();
        } catch (Exception e) {
          if (failure == null) {
            failure = e;
          } else {
            failure.addSuppressed(e);
          }
        }
      }
      pending.clear();
      if (failure != null) {
        throw failure;
      }
    }
  }
}
