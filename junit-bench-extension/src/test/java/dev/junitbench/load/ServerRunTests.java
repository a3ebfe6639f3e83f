package dev.junitbench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@DisplayName("A Server run")
class ServerRunTests {

  private static final long MS = 1_000_000;

  /**
   * Busy for at least {@code nanos} of the clock: a lower bound, whatever else the machine does.
   */
  private static void busy(long nanos) {
    long end = System.nanoTime() + nanos;
    while (System.nanoTime() < end) {
      Thread.onSpinWait();
    }
  }

  @Test
  @DisplayName(
      "runs every query once on its workers, latency from the scheduled time, service and lateness beside it")
  void everyQueryOnce() throws Throwable {
    PoissonSchedule schedule = PoissonSchedule.of(2_000, 200, 11);
    AtomicIntegerArray runs = new AtomicIntegerArray(200);
    ServerRun.Outcome outcome =
        ServerRun.run(schedule, 2, (worker, index) -> runs.incrementAndGet(index));
    for (int i = 0; i < 200; i++) {
      assertThat(runs.get(i)).as("runs of query %d", i).isEqualTo(1);
      assertThat(outcome.latenessNs()[i])
          .as("issued at or after its time")
          .isGreaterThanOrEqualTo(0);
      assertThat(outcome.serviceNs()[i]).isGreaterThanOrEqualTo(0);
      assertThat(outcome.latencyNs()[i])
          .as("latency holds the wait to be issued and the service")
          .isGreaterThanOrEqualTo(outcome.latenessNs()[i])
          .isGreaterThanOrEqualTo(outcome.serviceNs()[i]);
    }
    assertThat(outcome.wallNs()).isGreaterThanOrEqualTo(schedule.spanNs());
  }

  @Test
  @DisplayName(
      "counts the queue in the latency when the system falls behind: coordinated omission corrected")
  void queueingCounts() throws Throwable {
    // All 20 queries are due at once; one worker, each query busy for at least 1 ms: query k waits
    // for k of them.
    PoissonSchedule schedule = PoissonSchedule.of(1e12, 20, 3);
    ServerRun.Outcome outcome = ServerRun.run(schedule, 1, (worker, index) -> busy(MS));
    for (int k = 0; k < 20; k++) {
      assertThat(outcome.serviceNs()[k]).isGreaterThanOrEqualTo(MS);
      assertThat(outcome.latencyNs()[k] - outcome.serviceNs()[k])
          .as("time query %d queued", k)
          .isGreaterThanOrEqualTo(k * MS - schedule.offsetsNs()[k]);
    }
  }

  @Test
  @Timeout(
      value = 5,
      unit = TimeUnit.MINUTES) // a lost wake-up would hang; nothing else comes near this bound
  @DisplayName(
      "wakes a worker for every query of a large pool: each of 3000 queries runs once on 32 workers")
  void largePool() throws Throwable {
    PoissonSchedule schedule = PoissonSchedule.of(50_000, 3000, 17);
    AtomicIntegerArray runs = new AtomicIntegerArray(3000);
    ServerRun.run(schedule, 32, (worker, index) -> runs.incrementAndGet(index));
    for (int i = 0; i < 3000; i++) {
      assertThat(runs.get(i)).as("runs of query %d", i).isEqualTo(1);
    }
  }

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  @DisplayName(
      "stops issuing when interrupted, runs nothing more, and ends with an InterruptedException")
  void interrupted() throws InterruptedException {
    // 1000 queries at 1 per second: without the interrupt the run would take about 17 minutes.
    PoissonSchedule schedule = PoissonSchedule.of(1, 1000, 23);
    CountDownLatch firstRan = new CountDownLatch(1);
    AtomicInteger calls = new AtomicInteger();
    AtomicReference<Throwable> thrown = new AtomicReference<>();
    Thread runner =
        new Thread(
            () -> {
              try {
                ServerRun.run(
                    schedule,
                    2,
                    (worker, index) -> {
                      calls.incrementAndGet();
                      firstRan.countDown();
                    });
              } catch (Throwable e) {
                thrown.set(e);
              }
            });
    runner.start();
    firstRan.await();
    runner.interrupt();
    runner.join();
    assertThat(thrown.get())
        .isInstanceOf(InterruptedException.class)
        .hasMessageStartingWith("the Server run was interrupted at query ");
    int atEnd = calls.get();
    assertThat(atEnd).isLessThan(1000);
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(
            thread -> thread.getName().startsWith("junit-bench server worker") && thread.isAlive());
    assertThat(calls.get()).as("nothing ran after the run ended").isEqualTo(atEnd);
  }

  @Test
  @DisplayName("stops at a query's failure and rethrows it once every worker has stopped")
  void failure() {
    PoissonSchedule schedule = PoissonSchedule.of(1e6, 50, 5);
    IllegalStateException broken = new IllegalStateException("query 7 broke");
    assertThatThrownBy(
            () ->
                ServerRun.run(
                    schedule,
                    2,
                    (worker, index) -> {
                      if (index == 7) {
                        throw broken;
                      }
                    }))
        .isSameAs(broken);
    assertThat(Thread.getAllStackTraces().keySet())
        .noneMatch(
            thread -> thread.getName().startsWith("junit-bench server worker") && thread.isAlive());
    assertThatThrownBy(() -> ServerRun.run(schedule, 0, (worker, index) -> {}))
        .hasMessage("a Server run needs at least 1 worker, was 0");
  }
}
