package dev.junitbench.measure;

import dev.junitbench.config.Defaults;
import dev.junitbench.config.StopRule;
import java.util.Locale;

/**
 * Prints, on stderr, how far a long scenario has got: nothing for its first few seconds, then at
 * most one line a second. Runs on its own daemon thread and only reads what the loop publishes.
 */
public final class ProgressLine implements Runnable {

  private final String scenario;
  private final StopRule measurement;
  private final Progress progress;
  private final Thread thread;

  private ProgressLine(String scenario, StopRule measurement, Progress progress) {
    this.scenario = scenario;
    this.measurement = measurement;
    this.progress = progress;
    this.thread = new Thread(this, "junit-bench-progress");
    this.thread.setDaemon(true);
  }

  /** Starts the line of {@code scenario}, whose measurement runs by {@code measurement}. */
  public static ProgressLine start(String scenario, StopRule measurement, Progress progress) {
    ProgressLine line = new ProgressLine(scenario, measurement, progress);
    line.thread.start();
    return line;
  }

  @Override
  public void run() {
    try {
      Thread.sleep(Defaults.PROGRESS_DELAY.toMillis());
      while (!Thread.currentThread().isInterrupted()) {
        System.err.println(line());
        Thread.sleep(Defaults.PROGRESS_INTERVAL.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  String line() {
    double seconds = (System.nanoTime() - progress.phaseStartNs) / 1e9;
    return String.format(
        Locale.ROOT,
        "junit-bench: %s %s: %d iterations in %.1f s (measurement: %s)",
        scenario,
        progress.phase,
        progress.iterations.get(),
        seconds,
        measurement.describe());
  }

  /** Stops the line and waits for it, so no progress line follows the scenario's result. */
  public void stop() {
    thread.interrupt();
    try {
      thread.join(1000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
