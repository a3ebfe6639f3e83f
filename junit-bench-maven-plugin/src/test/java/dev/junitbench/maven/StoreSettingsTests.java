package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.history.StoreLocation;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The history store's settings")
class StoreSettingsTests {

  private static final Path PROJECT = Path.of("/work/shop/module").toAbsolutePath();

  @Test
  @DisplayName("a relative DuckDB file, plain or as jdbc:duckdb:FILE, is in the project's folder")
  void relativeToProject() {
    assertThat(StoreSettings.location(PROJECT, "history.duckdb", null, Map.of()).url())
        .isEqualTo("jdbc:duckdb:" + PROJECT.resolve("history.duckdb"));
    assertThat(
            StoreSettings.location(PROJECT, "jdbc:duckdb:db/history.duckdb", null, Map.of()).url())
        .isEqualTo("jdbc:duckdb:" + PROJECT.resolve("db/history.duckdb"));
    assertThat(
            StoreSettings.location(
                    PROJECT, "jdbc:duckdb:history.duckdb?access_mode=READ_ONLY", null, Map.of())
                .url())
        .isEqualTo("jdbc:duckdb:" + PROJECT.resolve("history.duckdb") + "?access_mode=READ_ONLY");
  }

  @Test
  @DisplayName("absolute files, databases in memory and servers are left as they are")
  void leftAlone() {
    Path elsewhere = Path.of("/var/lib/history.duckdb").toAbsolutePath();
    assertThat(StoreSettings.location(PROJECT, "jdbc:duckdb:" + elsewhere, null, Map.of()).url())
        .isEqualTo("jdbc:duckdb:" + elsewhere);
    assertThat(StoreSettings.location(PROJECT, "jdbc:duckdb:", null, Map.of()).url())
        .isEqualTo("jdbc:duckdb:");
    assertThat(StoreSettings.location(PROJECT, "jdbc:duckdb::memory:", null, Map.of()).url())
        .isEqualTo("jdbc:duckdb::memory:");
    assertThat(
            StoreSettings.location(PROJECT, "jdbc:postgresql://db:5432/bench", null, Map.of())
                .url())
        .isEqualTo("jdbc:postgresql://db:5432/bench");
  }

  @Test
  @DisplayName("the password comes from JUNIT_BENCH_HISTORY_PASSWORD, never from a parameter")
  void passwordFromEnvironment() {
    StoreLocation location =
        StoreSettings.location(
            PROJECT,
            "jdbc:postgresql://db:5432/bench",
            "bench",
            Map.of("JUNIT_BENCH_HISTORY_PASSWORD", "s3cret"));

    assertThat(location.user()).isEqualTo("bench");
    assertThat(location.password()).isEqualTo("s3cret");
    assertThat(location.toString()).doesNotContain("s3cret");
  }
}
