package dev.junitbench.results;

import static org.apiguardian.api.API.Status.INTERNAL;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.junitbench.environment.SoftwareInfo;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apiguardian.api.API;

/**
 * JMH's result file ({@code -rf json}) read as a run: each benchmark entry a scenario, keyed by its
 * benchmark ({@code pkg.Class.method} becomes {@code pkg.Class#method}) and its {@code params}, its
 * iterations (or, in sample mode, its histograms) converted to time per operation in ms, its forks
 * as junit-bench's forks. A throughput ({@code ops/s}) becomes the time of one operation, so the
 * same tests judge every mode and lower is better throughout; the throughput itself is kept beside.
 * The file records no start time, run id, commit or machine: the run id is a hash of the file's
 * content (the same file is the same run), the start its modification time, said in the run's
 * warnings.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class JmhResultFile {

  /** The key of {@code run.software.runtimes} that holds the JMH version of a run read from JMH. */
  public static final String RUNTIME = "jmh";

  /**
   * The param that holds a JMH scenario's mode ({@code thrpt}, {@code avgt}, {@code sample}, {@code
   * ss}): part of its key, so one benchmark's modes are different scenarios.
   */
  public static final String MODE_PARAM = "mode";

  /** The mode's param where the benchmark has a {@code @Param} named {@value #MODE_PARAM}. */
  public static final String OWN_MODE_PARAM = "jmh_mode";

  /**
   * The param of a junit-bench scenario that names its device ({@code cpu}, {@code cuda}), as
   * {@code dev.junitbench.infra.Scenario#DEVICE}: every junit-bench scenario has it.
   */
  public static final String DEVICE_PARAM = "device";

  /** The device a JMH benchmark ran on, as junit-bench names it: the JVM's own CPU. */
  public static final String JMH_DEVICE = "cpu";

  /**
   * The key a benchmark of junit-bench's would have for the JMH scenario {@code key}: without the
   * mode's param a JMH result file gives every scenario (a junit-bench benchmark has no mode), and
   * with {@code device=cpu} where the JMH benchmark has no {@code device} param of its own (every
   * junit-bench scenario names its device, and JMH measures on the CPU).
   */
  public static ScenarioKey junitBenchKey(ScenarioKey key) {
    Map<String, String> params = new TreeMap<>(key.params());
    if (params.remove(OWN_MODE_PARAM) == null) {
      params.remove(MODE_PARAM);
    }
    params.putIfAbsent(DEVICE_PARAM, JMH_DEVICE);
    return new ScenarioKey(key.benchmark(), Collections.unmodifiableMap(params));
  }

  /**
   * {@code results} grouped by their {@link #junitBenchKey key as junit-bench's}, in the order they
   * first appear: a group of one is a scenario a benchmark of junit-bench's can be matched with; a
   * larger one, a benchmark and params the file has in several modes.
   */
  public static Map<ScenarioKey, List<ScenarioResult>> byJunitBenchKey(
      Collection<ScenarioResult> results) {
    Map<ScenarioKey, List<ScenarioResult>> groups = new LinkedHashMap<>();
    for (ScenarioResult result : results) {
      groups.computeIfAbsent(junitBenchKey(result.key()), k -> new ArrayList<>()).add(result);
    }
    return groups;
  }

  /** The JMH mode a scenario read from a JMH file holds ({@code avgt}, ...), or null. */
  public static String mode(ScenarioKey key) {
    String own = key.params().get(OWN_MODE_PARAM);
    return own != null ? own : key.params().get(MODE_PARAM);
  }

  /** How the run id of a JMH file begins: {@code jmh-} and 16 hex digits of its content's hash. */
  public static final String RUN_ID_PREFIX = "jmh-";

  /** What {@code runtimes.jmh} holds when the file does not name its JMH version (before 1.19). */
  public static final String UNKNOWN_VERSION = "unknown";

  /** Reads JMH's JSON, which writes a NaN or an infinity either quoted or bare. */
  private static final ObjectMapper READER =
      JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();

  private static final int SNIFF = 4096;

  private JmhResultFile() {}

  /**
   * The JMH version of {@code run} when it was read from a JMH file ({@code 1.37}, or {@value
   * #UNKNOWN_VERSION}), else null.
   */
  public static String version(RunInfo run) {
    SoftwareInfo software = run == null ? null : run.software();
    return software == null || software.junitBenchVersion() != null || software.runtimes() == null
        ? null
        : software.runtimes().get(RUNTIME);
  }

  /** {@code JMH 1.37 result file}, or null for a run junit-bench wrote. */
  public static String describe(RunInfo run) {
    String version = version(run);
    if (version == null) {
      return null;
    }
    return UNKNOWN_VERSION.equals(version)
        ? "JMH result file (version not recorded)"
        : "JMH " + version + " result file";
  }

  /** Whether {@code file} holds a JSON array: JMH's result file, not junit-bench's results.json. */
  static boolean isJson(Path file) throws IOException {
    String head = head(file);
    return !head.isEmpty() && head.charAt(0) == '[';
  }

  /**
   * Whether {@code file} holds a JSON object, as junit-bench's results.json does and JMH's result
   * file never does (an array, even when it is damaged).
   */
  public static boolean isJsonObject(Path file) throws IOException {
    String head = head(file);
    return !head.isEmpty() && head.charAt(0) == '{';
  }

  /**
   * Whether {@code file} holds JMH's text output (its console log, or {@code -rf text}'s table) or
   * its CSV ({@code -rf csv}, {@code -rf scsv}).
   */
  static boolean isText(Path file) throws IOException {
    String head = head(file);
    // A log may start with the JVM's own lines (Picked up JAVA_TOOL_OPTIONS, a WARNING).
    String lines = head.startsWith("#") ? "\n" + head : head;
    boolean log =
        !head.startsWith("{")
            && (lines.contains("\n# JMH version")
                || lines.contains("\n# Run progress")
                || lines.contains("\n# Benchmark: ")
                || lines.contains("\n# Detecting actual CPU count"));
    boolean table = head.matches("(?s)Benchmark\\s+(\\(\\S+\\)\\s+)*Mode\\s+Cnt\\s+Score.*");
    boolean csv = head.matches("(?s)\"?Benchmark\"?[,;]\"?Mode\"?[,;].*");
    return log || table || csv;
  }

  /** The file's start, without a byte-order mark or leading white space. */
  private static String head(Path file) throws IOException {
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes(SNIFF);
    }
    String text = new String(bytes, StandardCharsets.UTF_8);
    if (text.startsWith("\uFEFF")) {
      text = text.substring(1);
    }
    return text.stripLeading();
  }

  /** The error for JMH's text output given where its JSON belongs. */
  static ResultFileException textOutput(Path file) {
    return new ResultFileException(
        file
            + " is JMH's text or CSV output, which holds no raw data to compare; run JMH with -rf json"
            + " -rff result.json (or .resultFormat(ResultFormatType.JSON)) and give that file");
  }

  /**
   * Reads the JMH result file {@code file}.
   *
   * @throws ResultFileException naming the file, the entry and the fix, when the file is cut short,
   *     not JMH's JSON, lists no benchmark, or holds a score that is not a positive finite number,
   *     a mode or unit JMH does not write, or one scenario twice
   */
  static ResultsDocument read(Path file) throws ResultFileException {
    byte[] content;
    JsonNode tree;
    try {
      content = Files.readAllBytes(file);
      tree = READER.readTree(content);
    } catch (JsonProcessingException e) {
      throw new ResultFileException(
          file
              + " is a JMH result file that is not valid JSON ("
              + RunFolder.location(e)
              + "); it may have been cut short while JMH wrote it: run the benchmarks again and give"
              + " the file JMH wrote at their end",
          e);
    } catch (IOException e) {
      throw new ResultFileException(file + " cannot be read (" + e + ")", e);
    }
    if (tree == null || !tree.isArray()) {
      throw new ResultFileException(
          file + " is not a JMH result file (its JSON is not an array of benchmarks)");
    }
    if (tree.isEmpty()) {
      throw new ResultFileException(
          file
              + " is a JMH result file that lists no benchmark (every benchmark failed, or none"
              + " matched JMH's filter): nothing to compare");
    }
    List<JsonNode> entries = new ArrayList<>();
    tree.forEach(entries::add);
    List<ScenarioResult> results = JmhEntries.results(file, entries);
    String version = JmhEntries.version(file, entries);
    JsonNode first = entries.get(0);
    String started = modified(file);
    List<String> warnings = new ArrayList<>();
    warnings.add(
        "read from "
            + (UNKNOWN_VERSION.equals(version) ? "a JMH" : "a JMH " + version)
            + " result file, which records no start time, commit or machine: started_at is the"
            + " file's modification time; history import takes --started-at, --commit and --host");
    SoftwareInfo software =
        new SoftwareInfo(
            JmhEntries.text(first, "jvm"),
            JmhEntries.text(first, "jdkVersion"),
            null,
            JmhEntries.text(first, "vmName"),
            JmhEntries.text(first, "vmVersion"),
            null,
            null,
            null,
            JmhEntries.strings(first.get("jvmArgs")),
            List.of(),
            null,
            Map.of(RUNTIME, version));
    RunInfo run =
        new RunInfo(
            RUN_ID_PREFIX + hash(content),
            started,
            started,
            null,
            null,
            software,
            new LinkedHashMap<>(),
            warnings);
    return new ResultsDocument(ResultsDocument.SCHEMA_VERSION, run, results);
  }

  private static String modified(Path file) throws ResultFileException {
    try {
      return Files.getLastModifiedTime(file).toInstant().truncatedTo(ChronoUnit.MILLIS).toString();
    } catch (IOException e) {
      throw new ResultFileException(file + " cannot be read (" + e + ")", e);
    }
  }

  /** The first 16 hex digits of the content's SHA-256: the same file is the same run. */
  static String hash(byte[] content) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(content);
      return HexFormat.of().formatHex(digest, 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
  }
}
