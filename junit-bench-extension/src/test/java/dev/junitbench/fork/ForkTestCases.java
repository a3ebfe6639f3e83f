package dev.junitbench.fork;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.infra.Scenario;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;

/**
 * Fixtures measured in forks. They leave marker files in the folder named by the system property
 * {@link #MARKERS}, which reaches the forks as the JUnit JVM's system properties do, so tests can
 * tell which JVM ran what.
 */
final class ForkTestCases {

  /** System property: the folder markers go to. */
  static final String MARKERS = "junit.bench.user.test.fork-markers";

  private ForkTestCases() {}

  /** Writes marker {@code name}, suffixed with this JVM's pid. */
  static void mark(String name) {
    String folder = System.getProperty(MARKERS);
    if (folder == null) {
      return;
    }
    try {
      Files.writeString(Path.of(folder, name + "-" + ProcessHandle.current().pid()), "");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static boolean marked(String prefix) {
    String folder = System.getProperty(MARKERS);
    try (var files = Files.list(Path.of(folder))) {
      return files.anyMatch(file -> file.getFileName().toString().startsWith(prefix));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Fork(2)
  static class Forked {

    @BeforeEach
    void setUp(Scenario scenario) {
      mark("before-each-b" + scenario.batchSize());
    }

    @AfterEach
    void tearDown(Scenario scenario) {
      mark("after-each-b" + scenario.batchSize());
    }

    @Benchmark
    @BatchSizes({1, 2})
    void work(Scenario scenario, Blackhole blackhole) {
      ListenerRun.work(100 * scenario.batchSize(), blackhole);
    }

    @Benchmark
    @Fork(0)
    void inProcess(Blackhole blackhole) {
      mark("in-process");
      ListenerRun.work(100, blackhole);
    }
  }

  static class Unannotated {
    @Benchmark
    void work(Blackhole blackhole) {
      mark("unannotated");
      ListenerRun.work(100, blackhole);
    }
  }

  static class NegativeForks {
    @Benchmark
    @Fork(-1)
    void work(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class SplitOption {
    @Benchmark
    @Fork(
        value = 1,
        jvmArgs = {"-Xmx", "64m"})
    void work(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  static class BadJvmOption {
    @Benchmark
    @Fork(value = 1, jvmArgs = "-XX:+NoSuchJunitBenchOption")
    void work(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }

    @Benchmark
    void stillRuns(Blackhole blackhole) {
      ListenerRun.work(100, blackhole);
    }
  }

  @Fork(2)
  static class FailsInFork {
    @Benchmark
    void work(Blackhole blackhole) {
      throw new IllegalStateException("broken in the fork");
    }
  }

  /**
   * Fork 1 measures and leaves a marker in its {@code @AfterEach}; fork 2 sees it and halts
   * mid-measurement.
   */
  @Fork(2)
  static class KilledInSecondFork {
    @AfterEach
    void tearDown() {
      mark("first-fork-done");
    }

    @Benchmark
    void work(Blackhole blackhole) {
      if (marked("first-fork-done")) {
        Runtime.getRuntime().halt(7);
      }
      ListenerRun.work(100, blackhole);
    }
  }

  @Fork(1)
  static class Hangs {
    @Benchmark
    void work(Blackhole blackhole) throws InterruptedException {
      new CountDownLatch(1).await();
    }
  }

  static class Outer {
    @Nested
    @Fork(1)
    class Inner {
      @Benchmark
      void work(Blackhole blackhole) {
        mark("nested");
        ListenerRun.work(100, blackhole);
      }
    }
  }
}
