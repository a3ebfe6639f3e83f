package dev.junitbench.reports.history;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.environment.GitInfo;
import dev.junitbench.machine.SoftwareReader;
import dev.junitbench.output.RunWriter;
import dev.junitbench.reports.Fixtures;
import dev.junitbench.results.ResultsDocument;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunInfo;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * What the history store costs at a team's scale: {@code history import} of 1,000 runs of 100
 * scenarios each (summaries; raw samples, 1,000 per scenario, for the newest 10 runs) into a new
 * DuckDB file (target: at most 10 s on 2 cores), and {@code history check} over those 100 scenarios
 * x 1,000 runs (target: at most 1 s). Every tenth scenario steps 10% slower at run 700. Runs only
 * with the self-benchmark command (tag {@code self}); it reports, never asserts.
 */
@Tag("self")
@Warmup(iterations = 1)
@Measurement(iterations = 5)
class HistorySelfBenchmarks {

  static final int RUNS = 1_000;
  static final int SCENARIOS = 100;
  static final int WITH_SAMPLES = 10;

  private static Path folder;
  private static Path runs;
  private static Path checked;

  @BeforeAll
  static void write() throws Exception {
    folder = Files.createTempDirectory("junit-bench-history-self");
    runs = Files.createDirectories(folder.resolve("runs"));
    Random random = new Random(42);
    Instant start = Instant.parse("2026-01-01T00:00:00Z");
    for (int r = 0; r < RUNS; r++) {
      List<ScenarioResult> results = new ArrayList<>();
      boolean samples = r >= RUNS - WITH_SAMPLES;
      for (int i = 0; i < SCENARIOS; i++) {
        int batch = 1 << (i % 6);
        double step = i % 10 == 0 && r >= 700 ? 1.10 : 1.0;
        double median = 2e6 * batch * step * Math.exp(0.03 * random.nextGaussian());
        results.add(
            Fixtures.passed(
                "com.example.Model" + (i / 12) + "Benchmarks#infer",
                Fixtures.params("batch_size", batch, "variant", "v" + (i % 12 / 6)),
                random.nextLong(),
                samples ? 1000 : 15,
                median));
      }
      RunInfo run =
          new RunInfo(
              String.format("%04d", r),
              start.plusSeconds(3600L * r).toString(),
              null,
              new GitInfo(commitOf(r), "main", false),
              HistoryRuns.host("ci-runner"),
              SoftwareReader.current(),
              Map.of(),
              List.of());
      Path dir = runs.resolve("run-" + run.id());
      if (samples) {
        RunWriter writer = new RunWriter(dir, run);
        for (ScenarioResult result : results) {
          writer.add(result);
        }
        writer.finish(start.plusSeconds(3600L * r + 60).toString());
      } else {
        List<ScenarioResult> numbered = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
          numbered.add(results.get(i).withId(i + 1).withoutSamples());
        }
        Files.createDirectories(dir);
        ResultsJson.mapper()
            .writeValue(
                dir.resolve(ResultsJson.FILE).toFile(),
                new ResultsDocument(ResultsDocument.SCHEMA_VERSION, run, numbered));
      }
    }
    checked = folder.resolve("checked.duckdb");
    importAll(checked);
  }

  /** A commit id that looks like one: the SHA-1 of the run's number. */
  static String commitOf(int run) throws NoSuchAlgorithmException {
    byte[] digest =
        MessageDigest.getInstance("SHA-1")
            .digest(Integer.toString(run).getBytes(StandardCharsets.US_ASCII));
    return HexFormat.of().formatHex(digest);
  }

  @AfterAll
  static void delete() throws IOException {
    try (Stream<Path> paths = Files.walk(folder)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  /**
   * What {@code history import RUNS_FOLDER --db FILE} does: read, check and load each run, the
   * store closed.
   */
  static int importAll(Path db) throws StoreException {
    RunImport.Counts counts;
    try (HistoryStore store = HistoryStore.open(StoreLocation.of(db.toString(), null, null))) {
      counts =
          RunImport.run(
              store,
              RunSources.candidates(List.of(runs), null),
              new RunImport.Listener() {
                @Override
                public void imported(RunSource source, boolean added) {}

                @Override
                public void skipped(RunSources.Skipped skipped) {
                  throw new IllegalStateException("a generated run did not read: " + skipped);
                }
              });
    }
    if (counts.imported() != RUNS) {
      throw new IllegalStateException(counts + " of " + RUNS + " generated runs imported");
    }
    return counts.imported();
  }

  /**
   * history check over the store: every series read (100 scenarios x 1,000 runs), searched for
   * change points and the verdicts written, as {@code history check --db FILE} does after opening
   * the store.
   */
  @Benchmark
  void checkThousandRuns(Blackhole blackhole) throws Exception {
    try (HistoryStore store = HistoryStore.open(StoreLocation.of(checked.toString(), null, null))) {
      List<Series> series = new SeriesQuery(null, Map.of(), null).read(store);
      List<HistoryCheck.Finding> findings =
          HistoryCheck.check(series, HistoryCheck.Metric.MEDIAN, 0.05);
      if (series.size() != SCENARIOS
          || findings.stream().filter(HistoryCheck.Finding::regressed).count() != SCENARIOS / 10) {
        throw new IllegalStateException(
            series.size()
                + " series, "
                + findings.stream().filter(HistoryCheck.Finding::regressed).count()
                + " regressed; expected "
                + SCENARIOS
                + " and "
                + SCENARIOS / 10);
      }
      blackhole.consume(CheckText.render(findings, HistoryCheck.Metric.MEDIAN, 0.05));
    }
  }

  /**
   * history import of the 1,000 run folders into a new DuckDB file: reading, checking and loading
   * each.
   */
  @Benchmark
  void importThousandRuns(Blackhole blackhole) throws Exception {
    Path db = folder.resolve("imported.duckdb");
    Files.deleteIfExists(db);
    Files.deleteIfExists(Path.of(db + ".wal"));
    blackhole.consume(importAll(db));
  }
}
