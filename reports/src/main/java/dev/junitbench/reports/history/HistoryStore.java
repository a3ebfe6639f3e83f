package dev.junitbench.reports.history;

import dev.junitbench.environment.GpuInfo;
import dev.junitbench.environment.HostInfo;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.RunInfo;
import dev.junitbench.results.ScenarioResult;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.stream.Collectors;

/**
 * A history of runs in a database: DuckDB embedded (one file) or PostgreSQL shared by a team, one
 * schema on both ({@link StoreSchema}). Each run goes in as one transaction, identified by its id
 * and host label, so importing it again changes nothing and an import cut short leaves the store as
 * it was before that run. Strings from result files reach SQL only as bind parameters or through
 * the engine's bulk loader.
 */
public final class HistoryStore implements AutoCloseable {

  private final StoreLocation location;
  private final Connection connection;
  private final Engine engine;
  private final BulkLoader loader;
  private final String prepared;

  /**
   * Statements prepared once and reused for every run: parsing and planning cost more than running
   * them.
   */
  private final Map<String, PreparedStatement> statements = new HashMap<>();

  private HistoryStore(
      StoreLocation location,
      Connection connection,
      Engine engine,
      BulkLoader loader,
      String prepared) {
    this.location = location;
    this.connection = connection;
    this.engine = engine;
    this.loader = loader;
    this.prepared = prepared;
  }

  /**
   * Opens the store at {@code location}, creating or migrating its schema.
   *
   * @throws StoreException when it cannot be reached, refuses the login, or is not a store this
   *     version reads
   */
  public static HistoryStore open(StoreLocation location) throws StoreException {
    return open(location, LockWait.configured(), () -> {});
  }

  /**
   * The same, waiting at most {@code lockWait} for another process to let go of a DuckDB file;
   * {@code onConflict} hears of each refusal (tests wait on it).
   */
  static HistoryStore open(StoreLocation location, Duration lockWait, Runnable onConflict)
      throws StoreException {
    Engine engine = location.engine();
    if (engine == null) {
      throw new StoreException(
          "no history store for "
              + location
              + ": give a DuckDB file (a path, or"
              + " jdbc:duckdb:FILE) or a PostgreSQL URL (jdbc:postgresql://HOST:PORT/DATABASE)");
    }
    return open(location, engine, BulkLoader.of(engine), lockWait, onConflict);
  }

  /** The same with a loader of the caller's: tests cut an import short with one. */
  static HistoryStore open(StoreLocation location, Engine engine, BulkLoader loader)
      throws StoreException {
    return open(location, engine, loader, LockWait.configured(), () -> {});
  }

  private static HistoryStore open(
      StoreLocation location,
      Engine engine,
      BulkLoader loader,
      Duration lockWait,
      Runnable onConflict)
      throws StoreException {
    Connection connection = connect(location, engine, lockWait, onConflict);
    try {
      String prepared = StoreSchema.prepare(connection, location.toString());
      if (engine == Engine.DUCKDB) {
        // DuckDB checkpoints whenever its log passes 16 MB, rewriting the tables' indexes each
        // time; an
        // import of many runs checkpoints once, when the store is closed.
        try (Statement statement = connection.createStatement()) {
          statement.execute("SET checkpoint_threshold = '1GB'");
        }
      }
      return new HistoryStore(location, connection, engine, loader, prepared);
    } catch (SQLException e) {
      closeQuietly(connection);
      throw new StoreException(
          "cannot prepare the history store " + location + ": " + location.redact(e.getMessage()),
          e);
    } catch (StoreException | RuntimeException e) {
      closeQuietly(connection);
      throw e;
    }
  }

  /**
   * A connection to the store at {@code location}, as the store opens it (tests check what it holds
   * through one).
   */
  static Connection connect(StoreLocation location, Engine engine) throws StoreException {
    return connect(location, engine, LockWait.configured(), () -> {});
  }

  private static Connection connect(
      StoreLocation location, Engine engine, Duration lockWait, Runnable onConflict)
      throws StoreException {
    Properties properties = new Properties();
    if (location.user() != null) {
      properties.setProperty("user", location.user());
    }
    if (location.password() != null) {
      properties.setProperty("password", location.password());
    }
    if (engine == Engine.DUCKDB) {
      // The store needs nothing beyond what the driver bundles: never fetch an extension at run
      // time.
      properties.setProperty("autoinstall_known_extensions", "false");
      properties.setProperty("autoload_known_extensions", "false");
    }
    try {
      return engine == Engine.DUCKDB
          ? LockWait.open(
              () -> DriverManager.getConnection(location.url(), properties),
              lockWait,
              location,
              onConflict)
          : DriverManager.getConnection(location.url(), properties);
    } catch (SQLException e) {
      String message = location.redact(e.getMessage());
      String state = e.getSQLState() == null ? "" : e.getSQLState();
      if (message != null && message.contains("No suitable driver")) {
        throw new StoreException(
            "no JDBC driver for "
                + location
                + " on the class path: add "
                + engine.artifact()
                + " (junit-bench-reports' -cli.jar carries it)",
            e);
      }
      if (state.startsWith("28")) {
        throw new StoreException(
            location
                + " refused the login of user "
                + (location.user() == null ? "(none)" : "'" + location.user() + "'")
                + ": "
                + message
                + "; check --user and --password (or "
                + "JUNIT_BENCH_HISTORY_USER and JUNIT_BENCH_HISTORY_PASSWORD)",
            e);
      }
      if (state.startsWith("08")) {
        throw new StoreException(
            "cannot reach the history store "
                + location
                + ": "
                + message
                + "; check the host, port and that the server runs",
            e);
      }
      throw new StoreException("cannot open the history store " + location + ": " + message, e);
    }
  }

  /**
   * What opening did to the schema ("created ...", "migrated ..."), or null when it was current.
   */
  public String prepared() {
    return prepared;
  }

  /** Where the store is, without its password. */
  public StoreLocation location() {
    return location;
  }

  /** The connection, for the store's queries in this package. */
  Connection connection() {
    return connection;
  }

  /** Whether the run {@code runId} of host {@code host} is in the store. */
  public boolean contains(String host, String runId) throws StoreException {
    try {
      return hasRun(host, runId);
    } catch (SQLException e) {
      throw failure("cannot read", e);
    }
  }

  private PreparedStatement statement(String sql) throws SQLException {
    PreparedStatement statement = statements.get(sql);
    if (statement == null) {
      statement = connection.prepareStatement(sql);
      statements.put(sql, statement);
    }
    return statement;
  }

  /**
   * Imports {@code source} as one transaction.
   *
   * @return false when it was already in the store (nothing changed), true when imported
   */
  public boolean importRun(RunSource source) throws StoreException {
    // Another import (a CI job sharing the server) may add this run or its host between our check
    // and our insert: ours is rolled back, and the next attempt finds what the other one committed.
    // Each duplicate key means another transaction committed that key, so a few attempts get
    // through (two imports of the same runs in opposite orders meet on the host, then on the run).
    for (int attempt = 1; ; attempt++) {
      try {
        return attempt(source);
      } catch (SQLException e) {
        if (!conflict(e) || attempt == CONFLICT_ATTEMPTS) {
          throw failure(
              "cannot import " + source.run().dir() + " (nothing of it was kept) into", e);
        }
      } catch (RuntimeException e) {
        throw failure("cannot import " + source.run().dir() + " (nothing of it was kept) into", e);
      }
    }
  }

  /** How often an import meets another's committed rows before it gives up. */
  private static final int CONFLICT_ATTEMPTS = 10;

  /**
   * Whether {@code e} is a key that another transaction inserted first: PostgreSQL's unique
   * violation (23505), DuckDB's duplicate key. Other constraint errors (a NOT NULL, say) are no
   * race and fail at once.
   */
  private static boolean conflict(SQLException e) {
    return "23505".equals(e.getSQLState())
        || String.valueOf(e.getMessage()).contains("Duplicate key");
  }

  /**
   * One transaction: the run, its host, results, forks and samples; false when the run is there
   * already.
   */
  private boolean attempt(RunSource source) throws SQLException {
    RunInfo run = source.run().run();
    String host = source.host();
    boolean[] added = {false};
    StoreSchema.inTransaction(
        connection,
        statement -> {
          if (hasRun(host, run.id())) {
            return;
          }
          insertRun(source, run, host);
          upsertHost(run, host);
          List<ScenarioResult> results = source.run().results();
          loader.load(
              connection,
              "results",
              StoredRows.RESULT_COLUMNS,
              sink -> {
                for (ScenarioResult result : results) {
                  sink.row(StoredRows.resultRow(host, run.id(), result));
                }
              });
          if (results.stream()
              .anyMatch(result -> result.forks() != null && !result.forks().runs().isEmpty())) {
            loader.load(
                connection,
                "forks",
                StoredRows.FORK_COLUMNS,
                sink -> {
                  for (ScenarioResult result : results) {
                    ForkFigures forks = result.forks();
                    if (forks != null) {
                      for (ForkRun fork : forks.runs()) {
                        sink.row(
                            host,
                            run.id(),
                            result.id(),
                            fork.fork(),
                            fork.status().id(),
                            fork.error(),
                            fork.count(),
                            fork.medianMs(),
                            fork.ci95Low(),
                            fork.ci95High(),
                            fork.meanMs(),
                            fork.wallTimeMs());
                      }
                    }
                  }
                });
          }
          if (source.samples() != null) {
            loader.load(
                connection,
                "samples",
                StoredRows.SAMPLE_COLUMNS,
                sink -> {
                  for (ScenarioResult result : results) {
                    long[] samples = source.samples().of(result.id());
                    if (samples != null) {
                      for (int i = 0; i < samples.length; i++) {
                        sink.row(host, run.id(), result.id(), (long) i, samples[i]);
                      }
                    }
                  }
                });
          }
          added[0] = true;
          ImportPoints.reached(ImportPoints.BEFORE_COMMIT);
        });
    if (added[0]) {
      ImportPoints.reached(ImportPoints.AFTER_COMMIT);
    }
    return added[0];
  }

  private boolean hasRun(String host, String runId) throws SQLException {
    PreparedStatement query = statement("SELECT count(*) FROM runs WHERE host = ? AND run_id = ?");
    query.setString(1, host);
    query.setString(2, runId);
    try (ResultSet rows = query.executeQuery()) {
      rows.next();
      return rows.getLong(1) > 0;
    }
  }

  private void insertRun(RunSource source, RunInfo run, String host) throws SQLException {
    PreparedStatement insert =
        statement(
            "INSERT INTO runs (host, run_id, started_at, started_ms,"
                + " finished_at, git_commit, git_branch, git_dirty, junit_bench_version, java_version, host_info, software,"
                + " config, warnings, source, imported_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    int i = 0;
    insert.setString(++i, host);
    insert.setString(++i, run.id());
    insert.setString(++i, run.startedAt());
    insert.setLong(++i, StoredRows.epochMillis(run.startedAt()));
    insert.setString(++i, run.finishedAt());
    insert.setString(++i, run.git() == null ? null : run.git().commit());
    insert.setString(++i, run.git() == null ? null : run.git().branch());
    if (run.git() == null || run.git().dirty() == null) {
      insert.setNull(++i, Types.BOOLEAN);
    } else {
      insert.setBoolean(++i, run.git().dirty());
    }
    insert.setString(++i, run.software() == null ? null : run.software().junitBenchVersion());
    insert.setString(++i, run.software() == null ? null : run.software().javaVersion());
    insert.setString(++i, StoredRows.json(run.host()));
    insert.setString(++i, StoredRows.json(run.software()));
    insert.setString(++i, StoredRows.json(run.config()));
    insert.setString(++i, StoredRows.json(run.warnings()));
    // A JMH file is the run itself; its folder may hold other files.
    insert.setString(
        ++i,
        (source.run().jmhVersion() == null ? source.run().dir() : source.run().resultsFile())
            .toString());
    insert.setString(++i, Instant.now().toString());
    insert.executeUpdate();
  }

  private void upsertHost(RunInfo run, String host) throws SQLException {
    HostInfo info = run.host();
    String os =
        info == null ? null : info.distribution() != null ? info.distribution() : info.osName();
    String gpus =
        info == null || info.gpus() == null
            ? null
            : info.gpus().stream()
                .map(GpuInfo::name)
                .filter(Objects::nonNull)
                .collect(Collectors.joining(", "));
    long startedMs = StoredRows.epochMillis(run.startedAt());
    Object[] values = {
      info == null ? null : info.name(),
      info == null ? null : info.cpuModel(),
      info == null ? null : info.cpuLogicalCores(),
      info == null ? null : info.totalMemoryBytes(),
      os,
      gpus == null || gpus.isEmpty() ? null : gpus,
      run.startedAt(),
      startedMs,
      host
    };
    PreparedStatement known = statement("SELECT last_run_ms FROM hosts WHERE host = ?");
    known.setString(1, host);
    Long last;
    try (ResultSet rows = known.executeQuery()) {
      last = rows.next() ? rows.getLong(1) : null;
    }
    if (last != null && last > startedMs) {
      // The newest run describes the machine: an older run imported later leaves it as it is.
      return;
    }
    if (info == null && last != null) {
      // A run that records no machine (a JMH file) leaves the description of the one that did.
      PreparedStatement touch =
          statement("UPDATE hosts SET last_run_at = ?, last_run_ms = ? WHERE host = ?");
      touch.setString(1, run.startedAt());
      touch.setLong(2, startedMs);
      touch.setString(3, host);
      touch.executeUpdate();
      return;
    }
    // A plain insert or update, not ON CONFLICT (DuckDB runs that several times slower); two
    // imports racing for a
    // new host are settled by importRun's retry.
    PreparedStatement write =
        last == null
            ? statement(
                "INSERT INTO hosts (name, cpu_model, cpu_cores, memory_bytes, os, gpus, last_run_at, last_run_ms,"
                    + " host) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")
            : statement(
                "UPDATE hosts SET name = ?, cpu_model = ?, cpu_cores = ?, memory_bytes = ?, os = ?, gpus = ?,"
                    + " last_run_at = ?, last_run_ms = ? WHERE host = ?");
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null) {
        write.setNull(i + 1, StoredRows.HOST_TYPES[i]);
      } else {
        write.setObject(i + 1, values[i], StoredRows.HOST_TYPES[i]);
      }
    }
    write.executeUpdate();
  }

  StoreException failure(String what, Exception e) {
    return new StoreException(
        what
            + " the history store "
            + location
            + ": "
            + location.redact(String.valueOf(e.getMessage())),
        e);
  }

  /** The engine the store lives in. */
  Engine engine() {
    return engine;
  }

  @Override
  public void close() throws StoreException {
    try {
      try {
        for (PreparedStatement statement : statements.values()) {
          statement.close();
        }
      } finally {
        connection.close();
      }
    } catch (SQLException e) {
      throw failure("cannot close", e);
    }
  }

  private static void closeQuietly(Connection connection) {
    try {
      connection.close();
    } catch (SQLException ignored) {
      // The failure that made us close is the one worth reporting.
    }
  }
}
