package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.keys.KnownKeys;
import dev.junitbench.testkit.TestJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A DuckDB store another process holds: DuckDB refuses a second process at once, so the open waits
 * for the holder up to a bound, then names the file and the holder. The holder is a JVM of its own
 * ({@link HoldStore}); the tests wait for what it says and for the store's refusals, never for a
 * time.
 */
@DisplayName("A DuckDB history store another process holds")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DuckDbLockTests {

  @TempDir Path dir;

  private Path file;
  private StoreLocation location;
  private final List<Process> holders = new ArrayList<>();

  @BeforeEach
  void createStore() throws StoreException {
    file = dir.resolve("history.duckdb");
    location = StoreLocation.of(file.toString(), null, null);
    try (HistoryStore store = HistoryStore.open(location)) {
      assertThat(store.prepared()).isNotNull();
    }
  }

  @AfterEach
  void release() throws Exception {
    for (Process holder : holders) {
      holder.destroyForcibly().waitFor();
    }
  }

  private static List<String> java(String mainClass, String... args) {
    return TestJvm.command(mainClass, args);
  }

  /** A process holding the store, once it says so. */
  private Process hold() throws IOException {
    Process holder =
        new ProcessBuilder(java(HoldStore.class.getName(), file.toString()))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    holders.add(holder);
    BufferedReader said =
        new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
    assertThat(said.readLine()).as("the holder opened the store").isEqualTo("held");
    return holder;
  }

  private static void letGo(Process holder) throws Exception {
    holder.getOutputStream().close();
    assertThat(holder.waitFor()).isZero();
  }

  @Test
  @DisplayName(
      "fails after its wait, naming the file and the process that holds it; nothing is imported")
  void heldPastTheWait() throws Exception {
    Process holder = hold();
    AtomicInteger refusals = new AtomicInteger();
    assertThatThrownBy(
            () -> HistoryStore.open(location, Duration.ofSeconds(2), refusals::incrementAndGet))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("the history store " + location + " is in use by another process")
        .hasMessageContaining("(PID " + holder.pid() + ")")
        .hasMessageContaining("after waiting 2s")
        .hasMessageContaining("-Djunit.bench.history.lock-wait=5m")
        .hasMessageContaining("nothing was read or written");
    assertThat(refusals.get()).as("the open was refused").isPositive();

    letGo(holder);
    try (HistoryStore store = HistoryStore.open(location)) {
      assertThat(store.importRun(StoreContract.source(StoreContract.run(dir, 1, "h", 1.0))))
          .isTrue();
    }
  }

  @Test
  @DisplayName("opens once the holder lets go, within its wait, and the import lands")
  void waitsForTheHolder() throws Exception {
    Process holder = hold();
    CountDownLatch refused = new CountDownLatch(1);
    ExecutorService executor = Executors.newSingleThreadExecutor();
    try {
      Path run = StoreContract.run(dir, 1, "h", 1.0);
      Future<Boolean> imported =
          executor.submit(
              () -> {
                try (HistoryStore store =
                    HistoryStore.open(location, Duration.ofMinutes(10), refused::countDown)) {
                  return store.importRun(StoreContract.source(run));
                }
              });
      assertThat(refused.await(10, TimeUnit.MINUTES)).as("the open was refused").isTrue();
      letGo(holder);
      assertThat(imported.get(10, TimeUnit.MINUTES)).isTrue();
    } finally {
      executor.shutdownNow();
    }
  }

  @Test
  @DisplayName("a wait that is not a duration is refused, naming the property")
  void badWait() {
    String before = System.getProperty(LockWait.PROPERTY);
    System.setProperty(LockWait.PROPERTY, "soon");
    try {
      assertThatThrownBy(() -> HistoryStore.open(location))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("-Djunit.bench.history.lock-wait = \"soon\" is not a duration");
    } finally {
      if (before == null) {
        System.clearProperty(LockWait.PROPERTY);
      } else {
        System.setProperty(LockWait.PROPERTY, before);
      }
    }
  }

  @Test
  @DisplayName(
      "its wait, set on a benchmark run, is a known setting, not an unknown junit.bench key")
  void waitIsAKnownKey() {
    assertThat(KnownKeys.builtIn().knows(LockWait.PROPERTY)).isFalse();
    assertThat(
            KnownKeys.builtIn()
                .format("history", new HistoryImportFormat())
                .knows(LockWait.PROPERTY))
        .isTrue();
  }

  @Test
  @DisplayName(
      "takes only DuckDB's refusal for a lock held elsewhere, not a path that reads like one")
  void whatALockLooksLike() {
    assertThat(
            LockWait.isConflict(
                new SQLException(
                    "IO Error: Could not set lock on file \"/ci/h.duckdb\": Conflicting lock is"
                        + " held in /usr/bin/java (PID 31101). See also"
                        + " https://duckdb.org/docs/stable/connect/concurrency")))
        .isTrue();
    assertThat(
            LockWait.isConflict(
                new SQLException(
                    "IO Error: Cannot open file \"/ci/Could not set lock on file/h.duckdb\": No"
                        + " such file or directory")))
        .isFalse();
    assertThat(
            LockWait.isConflict(
                new SQLException(
                    "IO Error: Could not set lock on file \"/nfs/h.duckdb\": No locks available")))
        .isFalse();
  }
}
