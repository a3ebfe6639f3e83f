package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The history store on a real PostgreSQL server (a team's shared store): the same tests as
 * DuckDB's, each in a database of its own, and the server's own faults: a refused password, an
 * unreachable port.
 */
@DisplayName("A PostgreSQL history store")
class PostgresStoreTests extends StoreContract {

  String database;

  @BeforeEach
  void createDatabase() throws SQLException {
    database = PostgresServer.createDatabase();
  }

  @AfterEach
  void dropDatabase() throws SQLException {
    if (database != null) {
      PostgresServer.dropDatabase(database);
    }
  }

  @Override
  StoreLocation location() {
    return StoreLocation.of(
        PostgresServer.urlOf(database), PostgresServer.USER, PostgresServer.PASSWORD);
  }

  @Override
  List<String> killPoints() {
    // No stage: COPY sends the rows straight into the table, inside the transaction.
    return List.of(
        ImportPoints.staged("results"),
        ImportPoints.staged("samples"),
        ImportPoints.BEFORE_COMMIT,
        ImportPoints.AFTER_COMMIT);
  }

  @Test
  @DisplayName(
      "is made once when several processes open one new database at once: each finds it made, none"
          + " takes the other's half-made tables for another program's")
  void madeOnceAtOnce() throws Exception {
    int openers = 4;
    for (int round = 0; round < 10; round++) {
      String fresh = PostgresServer.createDatabase();
      try {
        StoreLocation at =
            StoreLocation.of(
                PostgresServer.urlOf(fresh), PostgresServer.USER, PostgresServer.PASSWORD);
        CyclicBarrier start = new CyclicBarrier(openers);
        ExecutorService pool = Executors.newFixedThreadPool(openers);
        try {
          List<Future<String>> opened = new ArrayList<>();
          for (int i = 0; i < openers; i++) {
            opened.add(
                pool.submit(
                    () -> {
                      start.await();
                      try (HistoryStore store = HistoryStore.open(at)) {
                        return "opened";
                      }
                    }));
          }
          for (Future<String> one : opened) {
            assertThat(one.get()).as("round " + round).isEqualTo("opened");
          }
        } finally {
          pool.shutdownNow();
        }
      } finally {
        PostgresServer.dropDatabase(fresh);
      }
    }
  }

  @Test
  @DisplayName("says the login was refused, without the password")
  void refusedPassword() {
    String wrong = "not-the-password-" + database;
    StoreLocation location =
        StoreLocation.of(PostgresServer.urlOf(database), PostgresServer.USER, wrong);
    assertThatThrownBy(() -> HistoryStore.open(location))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("refused the login of user '" + PostgresServer.USER + "'")
        .hasMessageContaining("--password")
        .hasMessageNotContaining(wrong)
        .satisfies(e -> assertThat(String.valueOf(e.getCause())).doesNotContain(wrong));
  }

  @Test
  @DisplayName("says a server cannot be reached, without the password in the URL")
  void unreachable() throws Exception {
    // A port nothing listens on: bind one, note it, close it.
    int port;
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      port = socket.getLocalPort();
    }
    String secret = "s3cret-" + database;
    StoreLocation location =
        StoreLocation.of(
            "jdbc:postgresql://127.0.0.1:" + port + "/x?password=" + secret + "&connectTimeout=30",
            PostgresServer.USER,
            null);
    assertThatThrownBy(() -> HistoryStore.open(location))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("cannot reach the history store jdbc:postgresql://127.0.0.1:" + port)
        .hasMessageContaining("password=***")
        .hasMessageNotContaining(secret);
  }
}
