package dev.junitbench.reports.history;

import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.reports.Fixtures;
import dev.junitbench.reports.JmhFiles;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every history store does, whatever its engine: import, idempotence, transactions, schema
 * versions, hostile strings. Each engine's tests extend it with their own store.
 */
abstract class StoreContract {

  static final Instant T0 = Instant.parse("2026-11-01T10:00:00Z");

  @TempDir Path dir;

  /** The store under test: empty at the start of each test. */
  abstract StoreLocation location();

  /** The points an import of this engine passes, in order, where a test kills it. */
  abstract List<String> killPoints();

  /** A plain JDBC connection to it, for checking what it holds. */
  Connection connect() throws SQLException {
    try {
      return HistoryStore.connect(location(), location().engine());
    } catch (StoreException e) {
      throw new SQLException(e.getMessage(), e);
    }
  }

  static List<ScenarioResult> scenarios(long seed, double factor) {
    return List.of(
        passed(Fixtures.EMBED, params("batch_size", 1), seed, 40, 1e6 * factor),
        passed(Fixtures.EMBED, params("batch_size", 8), seed + 1, 40, 6e6 * factor),
        RunFolders.forked(
            Fixtures.CLASSIFY,
            params("batch_size", 1),
            RunFolders.around(2_000_000, 20),
            RunFolders.around(2_100_000, 20)));
  }

  static Path run(Path parent, int i, String host, double factor) {
    return HistoryRuns.write(
        parent, "r" + i, host, T0.plusSeconds(3600L * i), "c0ffee" + i, scenarios(i * 10L, factor));
  }

  static RunSource source(Path folder) {
    RunSources.Found found = RunSources.find(List.of(folder), null);
    assertThat(found.skipped()).isEmpty();
    return found.runs().get(0);
  }

  long count(String sql) throws SQLException {
    try (Connection connection = connect();
        Statement statement = connection.createStatement();
        ResultSet rows = statement.executeQuery(sql)) {
      rows.next();
      return rows.getLong(1);
    }
  }

  @Test
  @DisplayName("keeps runs, results, forks and samples, and importing a run again changes nothing")
  void importsOnce() throws Exception {
    Path runs = dir.resolve("runs");
    Path first = run(runs, 1, "host-a", 1.0);
    try (HistoryStore store = HistoryStore.open(location())) {
      assertThat(store.prepared())
          .contains("created a history store of schema version " + StoreSchema.VERSION);
      assertThat(store.importRun(source(first))).isTrue();
      assertThat(store.importRun(source(first))).isFalse();
    }
    assertThat(count("SELECT count(*) FROM runs")).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM results")).isEqualTo(3);
    assertThat(count("SELECT count(*) FROM forks")).isEqualTo(2);
    assertThat(count("SELECT count(*) FROM samples")).isEqualTo(40 + 40 + 40);
    assertThat(count("SELECT count(*) FROM hosts WHERE host = 'host-a' AND cpu_cores = 2"))
        .isEqualTo(1);
    // Reopened: the schema is current, nothing to do.
    try (HistoryStore store = HistoryStore.open(location())) {
      assertThat(store.prepared()).isNull();
      assertThat(store.contains("host-a", "r1")).isTrue();
      assertThat(store.contains("host-b", "r1")).isFalse();
    }
  }

  @Test
  @DisplayName("stores each figure as the run wrote it, and the samples in order")
  void figuresAsWritten() throws Exception {
    Path folder = run(dir.resolve("runs"), 1, "host-a", 1.0);
    RunSource source = source(folder);
    try (HistoryStore store = HistoryStore.open(location())) {
      store.importRun(source);
    }
    ScenarioResult batch8 = source.run().results().get(1);
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT median_ms, p99_ms, count, throughput, params, status, forks"
                  + " FROM results WHERE result_id = "
                  + batch8.id())) {
        rows.next();
        assertThat(rows.getDouble(1)).isEqualTo(batch8.latencyMs().median());
        assertThat(rows.getDouble(2)).isEqualTo(batch8.latencyMs().p99());
        assertThat(rows.getLong(3)).isEqualTo(40);
        assertThat(rows.getDouble(4)).isEqualTo(batch8.throughput().value());
        assertThat(rows.getString(5)).isEqualTo("{\"batch_size\":\"8\",\"device\":\"cpu\"}");
        assertThat(rows.getString(6)).isEqualTo("passed");
        assertThat(rows.getObject(7)).isNull();
      }
      long[] samples = source.samples().of(batch8.id());
      try (ResultSet rows =
          statement.executeQuery(
              "SELECT iteration, latency_ns FROM samples WHERE result_id = "
                  + batch8.id()
                  + " ORDER BY iteration")) {
        for (int i = 0; i < samples.length; i++) {
          assertThat(rows.next()).isTrue();
          assertThat(rows.getLong(1)).isEqualTo(i);
          assertThat(rows.getLong(2)).isEqualTo(samples[i]);
        }
        assertThat(rows.next()).isFalse();
      }
      try (ResultSet rows = statement.executeQuery("SELECT count(*), min(median_ms) FROM forks")) {
        rows.next();
        assertThat(rows.getLong(1)).isEqualTo(2);
        assertThat(rows.getDouble(2))
            .isEqualTo(source.run().results().get(2).forks().runs().get(0).medianMs());
      }
    }
  }

  @Test
  @DisplayName("keeps the same run id of two hosts apart, and a run's host label can be given")
  void hostsApart() throws Exception {
    Path a = run(dir.resolve("a"), 1, "host-a", 1.0);
    Path b = run(dir.resolve("b"), 1, "host-b", 1.0);
    try (HistoryStore store = HistoryStore.open(location())) {
      assertThat(store.importRun(source(a))).isTrue();
      assertThat(store.importRun(source(b))).isTrue();
      RunSource labelled = RunSources.find(List.of(a), "linux-2core").runs().get(0);
      assertThat(labelled.host()).isEqualTo("linux-2core");
      assertThat(store.importRun(labelled)).isTrue();
      // A host recorded without its name (junit.bench.host.include-name=false) goes under its CPU
      // and cores.
      Path nameless = run(dir.resolve("c"), 2, null, 1.0);
      assertThat(source(nameless).host()).isEqualTo("Test CPU x2");
      assertThat(store.importRun(source(nameless))).isTrue();
    }
    assertThat(count("SELECT count(DISTINCT host) FROM runs")).isEqualTo(4);
    assertThat(count("SELECT count(*) FROM hosts WHERE name IS NULL AND host = 'Test CPU x2'"))
        .isEqualTo(1);
  }

  @Test
  @DisplayName(
      "keeps a JMH result file once under the host, start and commit given; the host's machine stays"
          + " as its junit-bench run recorded it")
  void jmhFile() throws Exception {
    Path file = JmhFiles.copy(dir.resolve("jmh"), "jmh-1.37-all-ok.json");
    Instant started = T0.plusSeconds(86_400);
    RunSource jmh;
    try (HistoryStore store = HistoryStore.open(location())) {
      assertThat(store.importRun(source(run(dir.resolve("runs"), 1, "host-a", 1.0)))).isTrue();
      jmh = RunSources.read(new RunSources.Candidate(file, "host-a", started, "abc1234"));
      assertThat(jmh.modificationTime()).isFalse();
      assertThat(jmh.run().run().warnings().get(0))
          .contains("JMH 1.37 result file", "started_at as given", "the commit as given");
      assertThat(store.importRun(jmh)).isTrue();
      // The run id is the content's: another start, or none, is the same run.
      RunSource again = RunSources.read(new RunSources.Candidate(file, "host-a"));
      assertThat(again.run().run().id()).isEqualTo(jmh.run().run().id()).startsWith("jmh-");
      assertThat(again.modificationTime()).isTrue();
      assertThat(store.importRun(again)).isFalse();
      List<Series> series = new SeriesQuery("ParserBenchmark", Map.of(), "host-a").read(store);
      assertThat(series)
          .hasSize(2)
          .allSatisfy(
              one ->
                  assertThat(one.points())
                      .singleElement()
                      .satisfies(
                          point -> {
                            assertThat(point.startedAt()).isEqualTo(started.toString());
                            assertThat(point.commit()).isEqualTo("abc1234");
                          }));
    }
    String id = jmh.run().run().id();
    assertThat(
            count(
                "SELECT count(*) FROM runs WHERE run_id = '"
                    + id
                    + "' AND host = 'host-a' AND git_commit = 'abc1234' AND host_info IS NULL"
                    + " AND started_ms = "
                    + started.toEpochMilli()
                    + " AND source = '"
                    + file.toAbsolutePath()
                    + "'"))
        .isEqualTo(1);
    assertThat(count("SELECT count(*) FROM results WHERE run_id = '" + id + "'")).isEqualTo(2);
    assertThat(
            count(
                "SELECT count(*) FROM hosts WHERE host = 'host-a' AND cpu_cores = 2 AND last_run_ms = "
                    + started.toEpochMilli()))
        .isEqualTo(1);
    // Read without a host label, a JMH file is set aside: its series would have no host.
    assertThat(RunSources.find(List.of(file), null).skipped())
        .singleElement()
        .satisfies(skipped -> assertThat(skipped.reason()).contains("give --host"));
  }

  @Test
  @DisplayName("stores a hostile param as text: strings reach SQL only as data")
  void hostileStrings() throws Exception {
    String hostile = "x'); DROP TABLE runs;--";
    Path folder =
        HistoryRuns.write(
            dir.resolve("runs"),
            "r1",
            "host'; DROP TABLE hosts;--",
            T0,
            null,
            List.of(passed(Fixtures.EMBED, Map.of("payload", hostile), 1, 20, 1e6)));
    try (HistoryStore store = HistoryStore.open(location())) {
      store.importRun(source(folder));
      List<Series> series = new SeriesQuery("*", Map.of("payload", hostile), null).read(store);
      assertThat(series).hasSize(1);
      assertThat(series.get(0).params()).containsEntry("payload", hostile);
      assertThat(new SeriesQuery("x'); DROP", Map.of(), "host'; DROP TABLE hosts;--").read(store))
          .isEmpty();
    }
    assertThat(count("SELECT count(*) FROM runs")).isEqualTo(1);
    assertThat(count("SELECT count(*) FROM hosts")).isEqualTo(1);
  }

  @Test
  @DisplayName(
      "leaves the store as it was when an import fails half-way, and imports the run later")
  void interruptedImport() throws Exception {
    Path first = run(dir.resolve("runs"), 1, "host-a", 1.0);
    Path second = run(dir.resolve("runs"), 2, "host-a", 1.0);
    try (HistoryStore store = HistoryStore.open(location())) {
      store.importRun(source(first));
    }
    BulkLoader failingOnce =
        new BulkLoader() {
          final BulkLoader real = BulkLoader.of(location().engine());
          boolean failed;

          @Override
          public long load(Connection connection, String table, List<String> columns, Rows rows)
              throws SQLException {
            if (table.equals("samples") && !failed) {
              failed = true;
              // Half the samples loaded, then the import dies.
              return real.load(
                  connection,
                  table,
                  columns,
                  sink ->
                      rows.writeTo(
                          new Sink() {
                            int seen;

                            @Override
                            public void row(Object... values) throws SQLException {
                              if (++seen > 20) {
                                throw new SQLException("connection lost");
                              }
                              sink.row(values);
                            }
                          }));
            }
            return real.load(connection, table, columns, rows);
          }
        };
    try (HistoryStore store = HistoryStore.open(location(), location().engine(), failingOnce)) {
      assertThatThrownBy(() -> store.importRun(source(second)))
          .isInstanceOf(StoreException.class)
          .hasMessageContaining("cannot import")
          .hasMessageContaining("nothing of it was kept")
          .hasMessageContaining("connection lost");
      assertThat(count("SELECT count(*) FROM runs")).isEqualTo(1);
      assertThat(count("SELECT count(*) FROM results")).isEqualTo(3);
      assertThat(count("SELECT count(*) FROM forks")).isEqualTo(2);
      assertThat(count("SELECT count(*) FROM samples")).isEqualTo(120);
      // The same store, the same run again: the failed attempt left nothing in the way.
      assertThat(store.importRun(source(second))).isTrue();
    }
    assertThat(count("SELECT count(*) FROM runs")).isEqualTo(2);
    assertThat(count("SELECT count(*) FROM results")).isEqualTo(6);
    assertThat(count("SELECT count(*) FROM samples")).isEqualTo(240);
  }

  @Test
  @DisplayName("migrates an older store forward, keeping what it holds")
  void migratesForward() throws Exception {
    Path folder = run(dir.resolve("runs"), 1, "host-a", 1.0);
    try (HistoryStore store = HistoryStore.open(location())) {
      store.importRun(source(folder));
    }
    List<List<String>> steps =
        List.of(
            List.of(
                "ALTER TABLE runs ADD COLUMN label_note VARCHAR",
                "UPDATE runs SET label_note = 'migrated'"));
    try (Connection connection = connect()) {
      assertThat(StoreSchema.prepare(connection, "test store", StoreSchema.VERSION + 1, steps))
          .isEqualTo(
              "migrated the history store test store from schema version "
                  + StoreSchema.VERSION
                  + " to "
                  + (StoreSchema.VERSION + 1));
      assertThat(StoreSchema.prepare(connection, "test store", StoreSchema.VERSION + 1, steps))
          .isNull();
    }
    assertThat(count("SELECT count(*) FROM runs WHERE label_note = 'migrated'")).isEqualTo(1);
    assertThat(count("SELECT max(version) FROM junit_bench_schema"))
        .isEqualTo(StoreSchema.VERSION + 1);
    assertThat(count("SELECT count(*) FROM results")).isEqualTo(3);
  }

  @Test
  @DisplayName(
      "reads each scenario's series per host in time order, whatever the import order, and finds its step")
  void seriesAndCheck() throws Exception {
    Path runs = dir.resolve("runs");
    List<Path> folders = new ArrayList<>();
    for (int i = 1; i <= 24; i++) {
      // Both embedding scenarios get 15% slower from run 16 on; the classifier stays as it was.
      folders.add(run(runs, i, "host-a", i >= 16 ? 1.15 : 1.0));
    }
    folders.add(run(dir.resolve("other"), 1, "host-b", 1.0));
    Collections.reverse(folders);
    try (HistoryStore store = HistoryStore.open(location())) {
      for (Path folder : folders) {
        store.importRun(source(folder));
      }
      List<Series> series = new SeriesQuery(null, Map.of(), "host-a").read(store);
      assertThat(series)
          .extracting(Series::benchmark)
          .containsExactly(Fixtures.EMBED, Fixtures.EMBED, Fixtures.CLASSIFY);
      Series batch1 =
          series.stream()
              .filter(
                  one ->
                      one.params().get("batch_size").equals("1")
                          && one.benchmark().equals(Fixtures.EMBED))
              .findFirst()
              .orElseThrow();
      assertThat(batch1.points())
          .extracting(Series.Point::commit)
          .containsExactlyElementsOf(
              IntStream.rangeClosed(1, 24).mapToObj(i -> "c0ffee" + i).toList());
      assertThat(batch1.points().get(0).medianMs())
          .isEqualTo(
              source(folders.get(folders.size() - 1)).run().results().get(0).latencyMs().median());
      assertThat(new SeriesQuery("Embedding", Map.of("batch_size", "8"), null).read(store))
          .hasSize(2)
          .extracting(Series::host)
          .containsExactly("host-a", "host-b");

      List<HistoryCheck.Finding> findings =
          HistoryCheck.check(series, HistoryCheck.Metric.MEDIAN, 0.05);
      HistoryCheck.Finding stepped =
          findings.stream().filter(f -> f.series() == batch1).findFirst().orElseThrow();
      assertThat(stepped.regressed()).isTrue();
      assertThat(stepped.newest().point().commit()).isEqualTo("c0ffee16");
      assertThat(stepped.newest().change()).isBetween(0.12, 0.18);
      HistoryCheck.Finding flat =
          findings.stream()
              .filter(f -> f.series().benchmark().equals(Fixtures.CLASSIFY))
              .findFirst()
              .orElseThrow();
      assertThat(flat.shifts()).isEmpty();
      assertThat(flat.regressed()).isFalse();
      // Throughput falls where latency rises: the same step, judged the other way round.
      HistoryCheck.Finding throughput =
          HistoryCheck.check(List.of(batch1), HistoryCheck.Metric.THROUGHPUT, 0.05).get(0);
      assertThat(throughput.regressed()).isTrue();
      assertThat(throughput.newest().change()).isNegative();
      // Counted only while the change point is among the newest runs: 9 runs from run 16 to 24.
      assertThat(
              HistoryCheck.check(List.of(batch1), HistoryCheck.Metric.MEDIAN, 0.05, 9)
                  .get(0)
                  .regressed())
          .isTrue();
      assertThat(
              HistoryCheck.check(List.of(batch1), HistoryCheck.Metric.MEDIAN, 0.05, 8)
                  .get(0)
                  .regressed())
          .isFalse();
    }
  }

  @Test
  @DisplayName("refuses a store of a newer schema version")
  void otherSchemas() throws Exception {
    try (HistoryStore store = HistoryStore.open(location())) {
      assertThat(store.prepared()).isNotNull();
    }
    try (Connection connection = connect();
        Statement statement = connection.createStatement()) {
      statement.execute("UPDATE junit_bench_schema SET version = 99");
    }
    assertThatThrownBy(() -> HistoryStore.open(location()))
        .isInstanceOf(StoreException.class)
        .hasMessageContaining("schema version 99")
        .hasMessageContaining("reads version " + StoreSchema.VERSION);
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName(
      "stays consistent when an import process is killed (SIGKILL) at each step, and the same"
          + " import completes afterwards")
  void killedImports() throws Exception {
    int i = 0;
    for (String point : killPoints()) {
      i++;
      Path folder = run(dir.resolve("killed-" + i), i, "host-a", 1.0);
      String runId = "r" + i;
      Process importer = KilledImports.start(location(), folder, point);
      assertThat(KilledImports.said(importer))
          .as("the import reached " + point)
          .isEqualTo("at " + point);
      importer.destroyForcibly();
      assertThat(importer.waitFor()).as("killed").isNotZero();

      boolean committed = point.equals(ImportPoints.AFTER_COMMIT);
      String of = " WHERE host = 'host-a' AND run_id = '" + runId + "'";
      assertThat(count("SELECT count(*) FROM runs" + of)).as(point).isEqualTo(committed ? 1 : 0);
      assertThat(count("SELECT count(*) FROM results" + of)).as(point).isEqualTo(committed ? 3 : 0);
      assertThat(count("SELECT count(*) FROM samples" + of))
          .as(point)
          .isEqualTo(committed ? 120 : 0);
      try (HistoryStore store = HistoryStore.open(location())) {
        assertThat(store.importRun(source(folder)))
            .as("imported again after " + point)
            .isEqualTo(!committed);
      }
      assertThat(count("SELECT count(*) FROM results" + of)).isEqualTo(3);
      assertThat(count("SELECT count(*) FROM forks" + of)).isEqualTo(2);
      assertThat(count("SELECT count(*) FROM samples" + of)).isEqualTo(120);
    }
    assertThat(count("SELECT count(*) FROM runs")).isEqualTo(killPoints().size());
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @DisplayName(
      "takes two history import processes at once, of the same two runs in either order: each run"
          + " lands once")
  void concurrentImports() throws Exception {
    Path first = run(dir.resolve("one"), 1, "host-a", 1.0);
    Path second = run(dir.resolve("two"), 2, "host-a", 1.1);
    List<Process> imports = new ArrayList<>();
    for (List<Path> order : List.of(List.of(first, second), List.of(second, first))) {
      imports.add(KilledImports.cli(location(), order));
    }
    for (Process process : imports) {
      String said = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(process.waitFor()).as(said).isZero();
    }
    assertThat(count("SELECT count(*) FROM runs")).isEqualTo(2);
    assertThat(count("SELECT count(*) FROM results")).isEqualTo(6);
    assertThat(count("SELECT count(*) FROM samples")).isEqualTo(240);
  }
}
