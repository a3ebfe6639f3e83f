package dev.junitbench.load;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs a {@link PoissonSchedule} as LoadGen's Server scenario does: one scheduler thread issues
 * each query at its intended time to a pool of workers that share the model, never waiting for a
 * completion, so a system that falls behind builds a queue instead of slowing the arrivals. Latency
 * runs from the scheduled time to completion (queueing counts: coordinated omission is corrected,
 * as LoadGen and wrk2 do); service time from the actual start to completion is kept beside it, and
 * so is each query's issue lateness (actual issue - scheduled time). An interrupt stops the
 * issuing; what was not started is not run, and the run ends with an {@link InterruptedException}.
 *
 * @since 0.1.0
 */
public final class ServerRun {

  /**
   * Parked waits end this long before the intended time; the rest is spun, for issue times within
   * microseconds.
   */
  private static final long SPIN_NS = 100_000;

  /** The work one query does: one call of the benchmark. */
  @FunctionalInterface
  public interface Query {
    /** Runs query {@code index} on worker {@code worker} (0 to workers - 1); timed. */
    void run(int worker, int index) throws Throwable;

    /**
     * What worker {@code worker} does after a query's completion is timed (closing what it handed
     * over).
     */
    default void afterTiming(int worker) throws Throwable {}

    /** Told on worker {@code worker}'s own thread before it takes its first query. */
    default void workerStarts(int worker) {}

    /** Told on worker {@code worker}'s own thread when it has no query left, or failed. */
    default void workerStops(int worker) {}
  }

  /**
   * What a run measured, each array indexed by query.
   *
   * @param latencyNs completion - scheduled time
   * @param serviceNs completion - the time a worker started it
   * @param latenessNs the time the scheduler issued it - its scheduled time
   * @param wallNs from the run's start to the last completion
   * @param workerOf the worker that ran it
   */
  public record Outcome(
      long[] latencyNs, long[] serviceNs, long[] latenessNs, long wallNs, int[] workerOf) {}

  private ServerRun() {}

  /**
   * Runs every query of {@code schedule} on {@code workers} threads.
   *
   * @throws IllegalArgumentException when there are fewer than 1 worker
   * @throws Throwable the first failure of a query, after every worker has stopped
   */
  public static Outcome run(PoissonSchedule schedule, int workers, Query query) throws Throwable {
    return run(schedule.offsetsNs(), workers, query);
  }

  /**
   * Runs every query on {@code workers} threads, query i issued {@code offsetsNs[i]} after the
   * start (ascending): all at 0 is MLPerf's Offline, and a closed loop of as many clients as
   * workers.
   *
   * @throws IllegalArgumentException when there are fewer than 1 worker or no query
   * @throws Throwable the first failure of a query, after every worker has stopped
   */
  public static Outcome run(long[] offsetsNs, int workers, Query query) throws Throwable {
    if (workers < 1) {
      throw new IllegalArgumentException("a Server run needs at least 1 worker, was " + workers);
    }
    if (offsetsNs.length == 0) {
      throw new IllegalArgumentException("a run needs at least 1 query");
    }
    int n = offsetsNs.length;
    long[] offsets = offsetsNs;
    long[] issued = new long[n];
    long[] started = new long[n];
    long[] completed = new long[n];
    int[] ranBy = new int[n];
    // Queries are issued in order: the scheduler publishes how many are out, workers claim the
    // next.
    // No lock and no allocation per query; an idle worker parks, and the scheduler wakes one per
    // query,
    // so a large pool costs the schedule nothing.
    AtomicInteger published = new AtomicInteger();
    AtomicInteger claimed = new AtomicInteger();
    AtomicIntegerArray parked = new AtomicIntegerArray(workers);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread[] pool = new Thread[workers];
    for (int w = 0; w < workers; w++) {
      int self = w;
      pool[w] =
          new Thread(
              () ->
                  work(
                      self, n, published, claimed, parked, query, started, completed, ranBy,
                      failure),
              "junit-bench server worker " + w);
      pool[w].setDaemon(true);
    }
    long start = System.nanoTime();
    boolean interrupted = false;
    try {
      // Inside the try: a worker that cannot start leaves the others unparked and joined below.
      for (Thread worker : pool) {
        worker.start();
      }
      start = System.nanoTime();
      for (int i = 0; i < n && failure.get() == null; i++) {
        if (!waitUntil(start + offsets[i], failure)) {
          failure.compareAndSet(
              null,
              new InterruptedException(
                  "the Server run was interrupted at query " + i + " of " + n));
          break;
        }
        issued[i] = System.nanoTime();
        published.set(i + 1);
        wakeOne(pool, parked);
      }
    } finally {
      // A failed or interrupted run issues nothing more: what is left is claimed and skipped.
      published.set(n);
      for (Thread worker : pool) {
        LockSupport.unpark(worker);
      }
      for (Thread worker : pool) {
        while (worker.getState() != Thread.State.NEW && worker.isAlive()) {
          try {
            worker.join();
          } catch (InterruptedException e) {
            interrupted = true;
          }
        }
      }
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
    if (failure.get() != null) {
      throw failure.get();
    }
    long[] latency = new long[n];
    long[] service = new long[n];
    long[] lateness = new long[n];
    long last = start;
    for (int i = 0; i < n; i++) {
      long scheduled = start + offsets[i];
      latency[i] = completed[i] - scheduled;
      service[i] = completed[i] - started[i];
      lateness[i] = issued[i] - scheduled;
      last = Math.max(last, completed[i]);
    }
    return new Outcome(latency, service, lateness, last - start, ranBy);
  }

  /** Wakes one parked worker, if one is parked; a busy one finds the query when it is done. */
  private static void wakeOne(Thread[] pool, AtomicIntegerArray parked) {
    for (int w = 0; w < pool.length; w++) {
      if (parked.get(w) == 1 && parked.compareAndSet(w, 1, 0)) {
        LockSupport.unpark(pool[w]);
        return;
      }
    }
  }

  private static void work(
      int self,
      int n,
      AtomicInteger published,
      AtomicInteger claimed,
      AtomicIntegerArray parked,
      Query query,
      long[] started,
      long[] completed,
      int[] ranBy,
      AtomicReference<Throwable> failure) {
    query.workerStarts(self);
    try {
      claim(self, n, published, claimed, parked, query, started, completed, ranBy, failure);
    } finally {
      query.workerStops(self);
    }
  }

  private static void claim(
      int self,
      int n,
      AtomicInteger published,
      AtomicInteger claimed,
      AtomicIntegerArray parked,
      Query query,
      long[] started,
      long[] completed,
      int[] ranBy,
      AtomicReference<Throwable> failure) {
    while (true) {
      int index = claimed.get();
      if (index >= n) {
        return;
      }
      if (index >= published.get()) {
        // Say so before looking again: a query published in between is seen here, or wakes this
        // worker.
        parked.set(self, 1);
        if (claimed.get() >= published.get()) {
          LockSupport.park();
        }
        parked.set(self, 0);
        continue;
      }
      if (!claimed.compareAndSet(index, index + 1) || failure.get() != null) {
        continue;
      }
      try {
        ranBy[index] = self;
        started[index] = System.nanoTime();
        query.run(self, index);
        completed[index] = System.nanoTime();
        query.afterTiming(self);
      } catch (Throwable e) {
        failure.compareAndSet(null, e);
      }
    }
  }

  /**
   * Waits until {@code deadline}, in steps of at most 10 ms so a failed query ends the wait; false
   * when the thread was interrupted first.
   */
  private static boolean waitUntil(long deadline, AtomicReference<Throwable> failure) {
    long remaining;
    while ((remaining = deadline - System.nanoTime()) > SPIN_NS) {
      LockSupport.parkNanos(Math.min(remaining - SPIN_NS, 10_000_000));
      if (Thread.currentThread().isInterrupted()) {
        return false;
      }
      if (failure.get() != null) {
        return true;
      }
    }
    while (deadline - System.nanoTime() > 0) {
      Thread.onSpinWait();
    }
    return !Thread.currentThread().isInterrupted();
  }
}
