package dev.junitbench.exchange;

import dev.junitbench.results.ScenarioResult;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Hands scenario results from the extension, which measures, to the listener, which writes: both
 * live in the test JVM, keyed by the invocation's unique id. Results are kept only while a
 * subscriber (a run's listener) is open, so a run with nobody to write them holds no memory.
 */
public final class ResultExchange {

  private static final Map<String, ScenarioResult> RESULTS = new ConcurrentHashMap<>();
  private static final AtomicInteger SUBSCRIBERS = new AtomicInteger();

  private ResultExchange() {}

  /** Opens a subscription; results are kept until it and every other one are closed. */
  public static Subscription subscribe() {
    SUBSCRIBERS.incrementAndGet();
    return new Subscription();
  }

  /** Records {@code result} as the latest state of the invocation {@code uniqueId}. */
  public static void put(String uniqueId, ScenarioResult result) {
    if (SUBSCRIBERS.get() > 0) {
      RESULTS.put(uniqueId, result);
    }
  }

  /** Removes and returns the latest result of the invocation {@code uniqueId}, or null. */
  public static ScenarioResult take(String uniqueId) {
    return RESULTS.remove(uniqueId);
  }

  /** An open subscription; closing the last one drops whatever nobody took. */
  public static final class Subscription implements AutoCloseable {
    private boolean closed;

    private Subscription() {}

    @Override
    public synchronized void close() {
      if (!closed) {
        closed = true;
        if (SUBSCRIBERS.decrementAndGet() == 0) {
          RESULTS.clear();
        }
      }
    }
  }
}
