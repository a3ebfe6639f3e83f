package dev.junitbench.fork;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.Durations;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Starts one fork, relays its output line by line through this JVM's {@code System.out} and {@code
 * System.err} (never {@code inheritIO()}: Surefire talks to its test JVM over those streams), stops
 * it when it runs past its time bound, and reads what it handed back.
 */
final class ForkRunner {

  /** Lines of a fork's error output kept to explain a fork that ended without handing back. */
  private static final int TAIL_LINES = 12;

  /** Environment variables whose options every JVM adds to its command line's. */
  private static final List<String> JAVA_OPTIONS_VARIABLES =
      List.of("JAVA_TOOL_OPTIONS", "JDK_JAVA_OPTIONS", "_JAVA_OPTIONS");

  private final ChildJvm jvm;
  private final Duration timeout;
  private final PrintStream out;
  private final PrintStream err;

  ForkRunner(ChildJvm jvm, Duration timeout, PrintStream out, PrintStream err) {
    this.jvm = jvm;
    this.timeout = timeout;
    this.out = out;
    this.err = err;
  }

  /**
   * Runs the fork {@code request} asks for, in {@code folder} (where its request, argument and
   * hand-back files go); {@code name} is {@code fork 2 of 5} of {@code subject}.
   *
   * @throws ForkException when the fork cannot start, runs past its bound, or ends without handing
   *     back
   */
  Outcome run(ForkRequest request, Path folder, String subject, String name) throws IOException {
    Path requestFile = folder.resolve("request.json");
    Path handBackFile = Path.of(request.handBack());
    Files.deleteIfExists(handBackFile);
    ForkMain.MAPPER.writeValue(requestFile.toFile(), request);
    ProcessBuilder builder =
        new ProcessBuilder(
            jvm.command(
                folder.resolve("jvm.args"), ForkMain.class.getName(), requestFile.toString()));
    builder.directory(Path.of("").toAbsolutePath().toFile());
    // The JVM reads these again at start-up; their options are in this JVM's own, already copied (a
    // debugger's agent left out), so the fork would get them twice.
    JAVA_OPTIONS_VARIABLES.forEach(builder.environment()::remove);
    long started = System.nanoTime();
    Process process;
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new ForkException(
          subject
              + ": "
              + name
              + " could not start: "
              + e.getMessage()
              + "; check that "
              + jvm.java()
              + " is a java executable, or set -D"
              + BenchConfig.FORKS_JAVA
              + "=<path to bin/java>",
          e,
          0);
    }
    // A fork reads nothing: end its input now, so one that tries does not wait for the time bound.
    process.getOutputStream().close();
    // A JUnit JVM stopped by a signal takes its fork with it (a fork also halts when it sees this
    // JVM gone).
    Thread stopOnExit = new Thread(() -> stop(process), "junit-bench fork stop");
    Runtime.getRuntime().addShutdownHook(stopOnExit);
    String prefix = "[" + name + "] ";
    AtomicBoolean timedOut = new AtomicBoolean();
    Deque<String> tail = new ArrayDeque<>();
    Thread watchdog =
        new Thread(() -> stopAfterBound(process, timedOut), "junit-bench fork watchdog");
    Thread errors =
        new Thread(
            () -> relay(process.getErrorStream(), err, prefix, tail), "junit-bench fork stderr");
    watchdog.setDaemon(true);
    errors.setDaemon(true);
    watchdog.start();
    errors.start();
    int exit;
    try {
      // On the test's own thread, so Surefire files the fork's output under this test.
      relay(process.getInputStream(), out, prefix, null);
      exit = process.waitFor();
      errors.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new ForkException(
          subject + ": " + name + " was interrupted; it was stopped",
          e,
          (System.nanoTime() - started) / 1e6);
    } finally {
      watchdog.interrupt();
      if (process.isAlive()) {
        stop(process);
      }
      try {
        Runtime.getRuntime().removeShutdownHook(stopOnExit);
      } catch (IllegalStateException e) {
        // This JVM is shutting down: the hook runs and stops the fork.
      }
    }
    double wallTimeMs = (System.nanoTime() - started) / 1e6;
    if (timedOut.get()) {
      throw new ForkException(
          subject
              + ": "
              + name
              + " did not finish within "
              + Durations.format(timeout)
              + " and was stopped; if it needs longer, set -D"
              + BenchConfig.FORKS_TIMEOUT
              + "=<duration>",
          wallTimeMs);
    }
    if (!Files.isRegularFile(handBackFile)) {
      String why;
      synchronized (tail) {
        why =
            tail.isEmpty()
                ? "it printed nothing on stderr"
                : "its last output: " + String.join(" | ", tail);
      }
      throw new ForkException(
          subject
              + ": "
              + name
              + " ended (exit code "
              + exit
              + ") without handing back a"
              + " result: it was killed, or could not start (a bad JVM option?); "
              + why,
          wallTimeMs);
    }
    return new Outcome(
        ForkMain.MAPPER.readValue(handBackFile.toFile(), ForkHandBack.class), wallTimeMs);
  }

  /** What a fork handed back, and its wall time from start to end. */
  record Outcome(ForkHandBack handBack, double wallTimeMs) {}

  private void stopAfterBound(Process process, AtomicBoolean timedOut) {
    try {
      if (!process.waitFor(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        timedOut.set(true);
        stop(process);
      }
    } catch (InterruptedException e) {
      // The fork ended and the watchdog is no longer needed.
    }
  }

  private static void stop(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  private static void relay(
      InputStream stream, PrintStream target, String prefix, Deque<String> tail) {
    // ForkMain writes UTF-8 whatever the platform's encoding.
    try (BufferedReader lines =
        new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        target.println(prefix + line);
        if (tail != null && !line.isBlank()) {
          synchronized (tail) {
            tail.addLast(line.strip());
            if (tail.size() > TAIL_LINES) {
              tail.removeFirst();
            }
          }
        }
      }
      target.flush();
    } catch (IOException e) {
      // The fork was stopped while writing; what it wrote so far was relayed.
    }
  }
}
