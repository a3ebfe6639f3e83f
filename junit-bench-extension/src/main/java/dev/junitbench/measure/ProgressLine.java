package dev.junitbench.measure;

import dev.junitbench.config.Defaults;
import dev.junitbench.config.StopRule;
import java.io.Console;
import java.lang.reflect.Method;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * Prints, on stderr, how far a long scenario has got: nothing for its first few seconds, then at
 * most one line a second on a terminal and one every ten seconds elsewhere (Maven's log, CI), where
 * every line stays. Runs on its own daemon thread and only reads what the loop publishes.
 */
public final class ProgressLine implements Runnable {

  private final String scenario;
  private final StopRule measurement;
  private final Progress progress;
  private final ProgressPace pace;
  private final Thread thread;

  private ProgressLine(String scenario, StopRule measurement, Progress progress, boolean terminal) {
    this.scenario = scenario;
    this.measurement = measurement;
    this.progress = progress;
    this.pace =
        new ProgressPace(
            Defaults.PROGRESS_DELAY, ProgressPace.interval(terminal), System::nanoTime);
    this.thread = new Thread(this, "junit-bench-progress");
    this.thread.setDaemon(true);
  }

  /** Starts the line of {@code scenario}, whose measurement runs by {@code measurement}. */
  public static ProgressLine start(String scenario, StopRule measurement, Progress progress) {
    ProgressLine line =
        new ProgressLine(scenario, measurement, progress, interactive(System.console()));
    line.thread.start();
    return line;
  }

  /**
   * Whether a person watches the output as it comes: a console is attached to a terminal. Under
   * Surefire, in CI and in a fork there is none (their output is piped).
   */
  static boolean interactive(Console console) {
    if (console == null) {
      return false;
    }
    try {
      // Since Java 22 a console may stand for a pipe too; isTerminal() tells which.
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (NoSuchMethodException e) {
      return true; // before Java 22 there is a console only on a terminal
    } catch (ReflectiveOperationException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public void run() {
    try {
      while (!Thread.currentThread().isInterrupted()) {
        if (pace.due()) {
          System.err.println(line());
        } else {
          TimeUnit.NANOSECONDS.sleep(pace.untilDueNs());
        }
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
