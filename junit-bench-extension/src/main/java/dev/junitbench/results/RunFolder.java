package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.config.Defaults;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.MedianInterval;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * A run folder as written, read back: its results.json as the result model, and its samples.csv
 * streamed on demand into one primitive array per result. This is how baselines and reports read
 * runs; every problem is a {@link ResultFileException} naming the file and the fix.
 *
 * <p>Where a run folder is accepted, so is JMH's result file ({@code -rf json}), recognised by its
 * content and read as a run by {@link JmhResultFile}: its folder is the file's, and it has no
 * samples.csv.
 *
 * @param dir the run folder; for a JMH file, the folder that holds it
 * @param document results.json, or the JMH file read as a run
 * @param resultsFile the file read: the folder's results.json, or the JMH file
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record RunFolder(Path dir, ResultsDocument document, Path resultsFile) {

  /** The run folder {@code dir}, its results.json read as {@code document}. */
  public RunFolder(Path dir, ResultsDocument document) {
    this(dir, document, dir.resolve(ResultsJson.FILE));
  }

  /** Reads results.json leniently: a newer writer of the same schema version may add fields. */
  private static final ObjectMapper READER =
      ResultsJson.MAPPER.copy().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  /** The folder's samples.csv, which may be missing. */
  public Path samplesFile() {
    return dir.resolve(Samples.FILE);
  }

  /**
   * Whether the run kept its raw samples: in samples.csv, or for a JMH file, in its sample-mode
   * histograms (its other modes have iterations, not samples).
   */
  public boolean hasSamples() {
    return jmhVersion() == null
        ? Files.isRegularFile(samplesFile())
        : results().stream().anyMatch(r -> r.samplesNs() != null);
  }

  /**
   * The JMH version that wrote this run's file ({@code 1.37}, or {@value
   * JmhResultFile#UNKNOWN_VERSION}), or null for a run junit-bench wrote.
   */
  public String jmhVersion() {
    return JmhResultFile.version(run());
  }

  /** How messages name the run: its folder's name, or a JMH file's name. */
  public String name() {
    return (jmhVersion() == null ? dir : resultsFile).getFileName().toString();
  }

  /** The run's results. */
  public List<ScenarioResult> results() {
    return document.results();
  }

  /** The run's description. */
  public RunInfo run() {
    return document.run();
  }

  /**
   * Reads the run at {@code path}: a run folder, or its results.json.
   *
   * @throws ResultFileException when the path or the file cannot be used
   */
  public static RunFolder read(Path path) throws ResultFileException {
    if (!Files.exists(path)) {
      throw new ResultFileException(
          path
              + " does not exist; give a run folder (run-<time>-<id>), its "
              + ResultsJson.FILE
              + ", or a JMH result file (-rf json)");
    }
    Path file;
    if (Files.isDirectory(path)) {
      file = path.resolve(ResultsJson.FILE);
      if (!Files.isRegularFile(file)) {
        throw new ResultFileException(
            path + " holds no " + ResultsJson.FILE + runFoldersHint(path));
      }
    } else {
      file = path;
      try {
        if (Files.isRegularFile(file) && JmhResultFile.isJson(file)) {
          Path absolute = file.toAbsolutePath();
          return new RunFolder(absolute.getParent(), JmhResultFile.read(file), absolute);
        }
        if (Files.isRegularFile(file) && JmhResultFile.isText(file)) {
          throw JmhResultFile.textOutput(file);
        }
      } catch (ResultFileException e) {
        throw e;
      } catch (IOException e) {
        throw new ResultFileException(file + " cannot be read (" + e + ")", e);
      }
    }
    return new RunFolder(file.toAbsolutePath().getParent(), parse(file));
  }

  private static String runFoldersHint(Path dir) {
    try (Stream<Path> entries = Files.list(dir)) {
      List<Path> runs =
          entries
              .filter(Files::isDirectory)
              .filter(p -> p.getFileName().toString().startsWith("run-"))
              .sorted()
              .toList();
      return runs.isEmpty()
          ? "; give a run folder (run-<time>-<id>) or its " + ResultsJson.FILE
          : "; it holds run folders: give one of them, such as " + runs.get(runs.size() - 1);
    } catch (IOException e) {
      return "";
    }
  }

  private static ResultsDocument parse(Path file) throws ResultFileException {
    // A file of this version, as junit-bench wrote it, maps straight to the document: one pass.
    // Anything else
    // takes the slow path below, which reads the tree first to say exactly what is wrong.
    try {
      ResultsDocument document = READER.readValue(file.toFile(), ResultsDocument.class);
      if (document != null
          && document.schemaVersion() == ResultsDocument.SCHEMA_VERSION
          && document.run() != null
          && document.results() != null) {
        for (ScenarioResult result : document.results()) {
          check(file, result);
        }
        return document;
      }
    } catch (IOException | RuntimeException e) {
      // Reported with its line and column below.
    }
    JsonNode tree;
    try {
      if (Files.size(file) == 0) {
        throw new ResultFileException(
            file
                + " is empty; it is not a finished result file (its run was stopped before it wrote"
                + " it, or the file was cut in a copy): run the benchmarks again, or copy the file"
                + " again");
      }
      tree = READER.readTree(file.toFile());
    } catch (JsonProcessingException e) {
      throw new ResultFileException(
          file
              + " is not valid JSON ("
              + location(e)
              + "); it may have been cut short"
              + " or edited: use a run folder as junit-bench wrote it",
          e);
    } catch (NoSuchFileException e) {
      throw new ResultFileException(file + " does not exist", e);
    } catch (ResultFileException e) {
      throw e;
    } catch (IOException e) {
      throw new ResultFileException(file + " cannot be read (" + e + ")", e);
    }
    if (tree == null || !tree.isObject()) {
      throw new ResultFileException(
          file + " is not a junit-bench result file (its JSON is not an object)");
    }
    JsonNode version = tree.get("schema_version");
    if (version == null || !version.canConvertToInt()) {
      throw new ResultFileException(
          file + " has no schema_version; it is not a junit-bench results.json");
    }
    if (version.asInt() > ResultsDocument.SCHEMA_VERSION) {
      throw new ResultFileException(
          file
              + " has schema_version "
              + version.asText()
              + ", written by a newer"
              + " junit-bench; this one reads "
              + ResultsDocument.SCHEMA_VERSION
              + ": upgrade junit-bench here, or make"
              + " the file again with this version");
    }
    if (version.asInt() != ResultsDocument.SCHEMA_VERSION) {
      throw new ResultFileException(
          file
              + " has schema_version "
              + version.asText()
              + "; this junit-bench reads "
              + ResultsDocument.SCHEMA_VERSION
              + ": read it with the junit-bench version that wrote it");
    }
    if (!tree.path("results").isArray() || !tree.path("run").isObject()) {
      throw new ResultFileException(
          file
              + " lacks its \"run\" object or \"results\" array; it is not a complete"
              + " junit-bench results.json");
    }
    try {
      ResultsDocument document = READER.treeToValue(tree, ResultsDocument.class);
      for (ScenarioResult result : document.results()) {
        check(file, result);
      }
      return document;
    } catch (JsonProcessingException e) {
      throw new ResultFileException(
          file + " does not fit the result format (" + location(e) + ")", e);
    }
  }

  private static void check(Path file, ScenarioResult result) throws ResultFileException {
    if (result == null) {
      throw new ResultFileException(
          file
              + " lists a result that is null; it is not a results.json as junit-bench writes it:"
              + " use a run folder as junit-bench wrote it");
    }
    String which =
        "result " + result.id() + " (" + result.benchmark() + " " + result.displayName() + ")";
    if (result.id() == null
        || result.benchmark() == null
        || result.status() == null
        || result.params() == null) {
      throw new ResultFileException(
          file + ": a result lacks its id, benchmark, status or params; the file is damaged");
    }
    if (result.forks() != null && result.forks().runs() == null) {
      throw new ResultFileException(
          file
              + ": "
              + which
              + " has forks without their runs; the file is damaged: use a"
              + " run folder as junit-bench wrote it");
    }
    if (result.latencyMs() != null) {
      // A forked result's latency pools its forks' samples: up to the limit in each fork.
      long forks = result.forks() == null ? 1 : Math.max(1, result.forks().runs().size());
      checkLatency(file, which, result.latencyMs(), forks * Defaults.MAX_SAMPLES);
    }
    if (result.forks() != null && result.forks().here() != null) {
      checkLatency(
          file,
          which + " in its JUnit JVM (forks.here)",
          result.forks().here(),
          Defaults.MAX_SAMPLES);
    }
  }

  private static void checkLatency(Path file, String which, LatencySummary latency, long maxCount)
      throws ResultFileException {
    String damaged = " the file is damaged: use a run folder as junit-bench wrote it";
    if (latency.count() < 1
        || latency.count() > maxCount
        || latency.median() == null
        || latency.min() == null
        || latency.max() == null) {
      throw new ResultFileException(
          file
              + ": "
              + which
              + " has latency figures without a median, minimum or maximum,"
              + " or a count outside 1.."
              + maxCount
              + " ("
              + latency.count()
              + ");"
              + damaged);
    }
    if (latency.min() < 0 || latency.median() < latency.min() || latency.max() < latency.median()) {
      throw new ResultFileException(
          file
              + ": "
              + which
              + " has a negative or disordered latency (min "
              + latency.min()
              + ", median "
              + latency.median()
              + ", max "
              + latency.max()
              + " ms); no measurement gives one;"
              + damaged);
    }
    boolean interval = latency.ci95Low() != null || latency.ci95High() != null;
    if (interval
        && (latency.ci95Low() == null
            || latency.ci95High() == null
            || latency.count() < MedianInterval.MIN_COUNT
            || latency.ci95Low() < 0
            || latency.ci95Low() > latency.median()
            || latency.ci95High() < latency.median())) {
      throw new ResultFileException(
          file
              + ": "
              + which
              + " has a median interval ["
              + latency.ci95Low()
              + ", "
              + latency.ci95High()
              + "] ms that does not hold its median "
              + latency.median()
              + " ms or does not fit its"
              + " count "
              + latency.count()
              + ";"
              + damaged);
    }
  }

  static String location(JsonProcessingException e) {
    var where = e.getLocation();
    String message = e.getOriginalMessage();
    int cut = message.indexOf('\n');
    message = cut < 0 ? message : message.substring(0, cut);
    return where == null
        ? message
        : "line " + where.getLineNr() + ", column " + where.getColumnNr() + ": " + message;
  }

  /**
   * Streams samples.csv into one array per result id, sized from each result's count; no object per
   * sample.
   *
   * @throws ResultFileException when samples.csv is missing, cut short, or disagrees with
   *     results.json
   */
  public Samples samples() throws ResultFileException {
    if (jmhVersion() != null) {
      return Samples.held(results());
    }
    return Samples.read(samplesFile(), results());
  }
}
