package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The history store in a DuckDB file, the default for one machine. */
@DisplayName("A DuckDB history store")
class DuckDbStoreTests extends StoreContract {

  @Override
  StoreLocation location() {
    return StoreLocation.of(dir.resolve("history.duckdb").toString(), null, null);
  }

  @Override
  List<String> killPoints() {
    return List.of(
        ImportPoints.staged("results"),
        ImportPoints.staged("samples"),
        ImportPoints.moved("samples"),
        ImportPoints.BEFORE_COMMIT,
        ImportPoints.AFTER_COMMIT);
  }

  @Test
  @DisplayName("refuses a database that is not a junit-bench store")
  void notAStore() throws Exception {
    Path other = dir.resolve("other.duckdb");
    try (Connection connection = DriverManager.getConnection("jdbc:duckdb:" + other);
        Statement statement = connection.createStatement()) {
      statement.execute("CREATE TABLE runs (x INTEGER)");
    }
    assertThatThrownBy(() -> HistoryStore.open(StoreLocation.of(other.toString(), null, null)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("not a junit-bench history store");
  }

  @Test
  @DisplayName("names a URL it has no store for, and a file it cannot open")
  void badLocations() throws Exception {
    assertThatThrownBy(() -> HistoryStore.open(StoreLocation.of("jdbc:sqlite:x.db", null, null)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("no history store for jdbc:sqlite:x.db")
        .hasMessageContaining("jdbc:postgresql://");
    Path notAFile = Files.createDirectories(dir.resolve("a-folder"));
    assertThatThrownBy(() -> HistoryStore.open(StoreLocation.of(notAFile.toString(), null, null)))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining(notAFile.toString());
  }
}
