package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Driver;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A history store's engine")
class EngineTests {

  @Test
  @DisplayName("names its JDBC driver with the version on the class path, as a user must add it")
  void driverWithItsVersion() throws Exception {
    assertThat(Engine.DUCKDB.artifact())
        .isEqualTo("org.duckdb:duckdb_jdbc:" + versionOf(Class.forName("org.duckdb.DuckDBDriver")));
    assertThat(Engine.POSTGRESQL.artifact())
        .isEqualTo("org.postgresql:postgresql:" + versionOf(org.postgresql.Driver.class));
  }

  @Test
  @DisplayName("is found from the JDBC URL, whatever its case")
  void ofUrl() {
    assertThat(Engine.of("JDBC:DuckDB:history.duckdb")).isEqualTo(Engine.DUCKDB);
    assertThat(Engine.of("jdbc:postgresql://db/history")).isEqualTo(Engine.POSTGRESQL);
    assertThat(Engine.of("jdbc:h2:mem:")).isNull();
  }

  /** The version in the driver jar's file name, as Maven lays out its repository. */
  private static String versionOf(Class<?> driver) throws Exception {
    assertThat(Driver.class).isAssignableFrom(driver);
    Path jar = Path.of(driver.getProtectionDomain().getCodeSource().getLocation().toURI());
    return jar.getParent().getFileName().toString();
  }
}
