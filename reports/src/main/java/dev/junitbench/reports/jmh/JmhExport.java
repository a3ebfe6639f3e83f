package dev.junitbench.reports.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.environment.SoftwareInfo;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.Percentiles;
import dev.junitbench.stats.StudentT;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * A run in JMH's JSON result format, so the tools that read JMH's results (JMH Visualizer, the
 * Jenkins JMH plugin, github-action-benchmark) read junit-bench's: one entry per measured scenario
 * in JMH's SampleTime mode ({@code "sample"}), every sample in {@code rawDataHistogram}, the
 * percentiles as {@code secondaryMetrics}. The score is the mean latency in ms/op and its error
 * JMH's: the 99.9% Student-t interval of the mean, both over all samples. A scenario measured in
 * the JUnit JVM has {@code forks} 0 (JMH's "no fork"); a forked one has the forks that measured,
 * and, as JMH nests its raw data by fork and then iteration, {@code rawDataHistogram} and each
 * percentile's {@code rawData} hold one array per fork (that fork's samples, or its percentile).
 * Each fork's measurement is one iteration; the percentiles follow junit-bench's definition (type
 * 7). A scenario's {@code alloc} group becomes the secondary metrics JMH's GC profiler ({@code
 * -prof gc}) writes, under JMH 1.37's names: {@code gc.alloc.rate.norm} (B/op), {@code
 * gc.alloc.rate} (MB/sec, MB of 2^20 bytes, over the measurement's time), {@code gc.count} (counts)
 * and {@code gc.time} (ms); each holds the scenario's figure once in {@code rawData} (forks are
 * pooled).
 */
public final class JmhExport {

  /** File name inside a run folder. */
  public static final String FILE = "jmh-result.json";

  /** The JMH version whose format this follows. */
  public static final String JMH_VERSION = "1.37";

  private static final String UNIT = "ms/op";
  private static final double[] PERCENTILES = {
    0, 50, 90, 95, 99, 99.9, 99.99, 99.999, 99.9999, 100
  };
  private static final String[] SECONDARY = {
    "p0.00", "p0.50", "p0.90", "p0.95", "p0.99", "p0.999", "p0.9999", "p1.00"
  };
  private static final double[] SECONDARY_AT = {0, 50, 90, 95, 99, 99.9, 99.99, 100};
  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private JmhExport() {}

  /**
   * The JSON of {@code run}.
   *
   * @throws BadInputException when the run kept no samples.csv or measured nothing
   */
  public static String render(RunFolder run) throws BadInputException {
    if (!run.hasSamples()) {
      throw new BadInputException(
          run.samplesFile()
              + " does not exist: JMH's format holds every sample"
              + " (rawDataHistogram), so a run without its samples.csv cannot be exported");
    }
    Samples samples = Runs.samplesOrNull(run);
    ArrayNode entries = MAPPER.createArrayNode();
    for (ScenarioResult result : run.results()) {
      long[] raw = result.latencyMs() == null ? null : samples.of(result.id());
      if (raw != null && raw.length > 0) {
        entries.add(entry(run.run().software(), result, raw, byFork(run, result, raw)));
      }
    }
    if (entries.isEmpty()) {
      throw new BadInputException(
          run.resultsFile() + " holds no measured scenario: nothing to export");
    }
    try {
      return MAPPER.writeValueAsString(entries) + "\n";
    } catch (IOException e) {
      throw new IllegalStateException("the JMH export could not be written", e);
    }
  }

  /** Writes the JSON of {@code run} to {@code file}, atomically. */
  public static void write(RunFolder run, Path file) throws BadInputException, IOException {
    String json = render(run);
    AtomicFiles.write(file, (out, previous) -> out.write(json.getBytes(StandardCharsets.UTF_8)));
  }

  /**
   * The samples of {@code result} split into its forks, each sorted, as samples.csv holds them fork
   * after fork; one array when it was measured in the JUnit JVM.
   */
  private static long[][] byFork(RunFolder run, ScenarioResult result, long[] raw)
      throws BadInputException {
    long[] counts =
        result.forks() == null
            ? new long[] {raw.length}
            : result.forks().runs() == null ? new long[0] : result.forks().counts();
    if (Arrays.stream(counts).sum() != raw.length) {
      throw new BadInputException(
          run.resultsFile()
              + ": result "
              + result.id()
              + " ("
              + result.benchmark()
              + " "
              + result.displayName()
              + ") counts "
              + Arrays.stream(counts).sum()
              + " samples in its forks but "
              + run.samplesFile()
              + " holds "
              + raw.length
              + ": the two files are not of the same run; use a run folder"
              + " as junit-bench wrote it");
    }
    long[][] forks = new long[counts.length][];
    int from = 0;
    for (int i = 0; i < counts.length; i++) {
      forks[i] = Arrays.copyOfRange(raw, from, from + (int) counts[i]);
      Arrays.sort(forks[i]);
      from += (int) counts[i];
    }
    return forks;
  }

  private static ObjectNode entry(
      SoftwareInfo software, ScenarioResult result, long[] raw, long[][] forks) {
    long[] sorted = forks.length == 1 ? forks[0] : raw.clone();
    if (forks.length != 1) {
      Arrays.sort(sorted);
    }
    int n = sorted.length;
    ObjectNode entry = MAPPER.createObjectNode();
    entry.put("jmhVersion", JMH_VERSION);
    entry.put("benchmark", result.benchmark().replace('#', '.'));
    entry.put("mode", "sample");
    entry.put("threads", 1);
    entry.put("forks", result.forks() == null ? 0 : result.forks().completed());
    entry.put(
        "jvm",
        software == null || software.javaHome() == null
            ? ""
            : Path.of(software.javaHome(), "bin", "java").toString());
    ArrayNode jvmArgs = entry.putArray("jvmArgs");
    if (software != null && software.jvmArguments() != null) {
      software.jvmArguments().forEach(jvmArgs::add);
    }
    entry.put("jdkVersion", software == null ? "" : text(software.javaVersion()));
    entry.put("vmName", software == null ? "" : text(software.javaVmName()));
    entry.put("vmVersion", software == null ? "" : text(software.javaVmVersion()));
    phase(entry, "warmup", result.warmup());
    phase(entry, "measurement", result.measurement());
    ObjectNode params = entry.putObject("params");
    result.params().forEach((name, value) -> params.put(name, String.valueOf(value)));
    entry.set("primaryMetric", primary(result.latencyMs(), sorted, n, forks));
    ObjectNode secondary = entry.putObject("secondaryMetrics");
    for (int i = 0; i < SECONDARY.length; i++) {
      double[] perFork = new double[forks.length];
      for (int f = 0; f < forks.length; f++) {
        perFork[f] = percentile(forks[f], forks[f].length, SECONDARY_AT[i]);
      }
      secondary.set(SECONDARY[i], single(percentile(sorted, n, SECONDARY_AT[i]), perFork, UNIT));
    }
    allocation(secondary, result);
    return entry;
  }

  /** The GC profiler's metrics of {@code result}'s alloc group, those it has. */
  private static void allocation(ObjectNode secondary, ScenarioResult result) {
    AllocationFigures alloc = result.alloc();
    if (alloc == null) {
      return;
    }
    if (alloc.bytesPerOp() != null) {
      secondary.set(
          "gc.alloc.rate.norm",
          single(alloc.bytesPerOp(), new double[] {alloc.bytesPerOp()}, "B/op"));
      Phase measurement = result.measurement();
      if (measurement != null && measurement.timeMs() > 0 && alloc.bytesTotal() != null) {
        double rate = alloc.bytesTotal() / (1024.0 * 1024.0) / (measurement.timeMs() / 1e3);
        secondary.set("gc.alloc.rate", single(rate, new double[] {rate}, "MB/sec"));
      }
    }
    if (alloc.gcCount() != null) {
      double count = alloc.gcCount();
      secondary.set("gc.count", single(count, new double[] {count}, "counts"));
    }
    if (alloc.gcTimeMs() != null) {
      secondary.set("gc.time", single(alloc.gcTimeMs(), new double[] {alloc.gcTimeMs()}, "ms"));
    }
  }

  private static String text(String value) {
    return value == null ? "" : value;
  }

  /** JMH's iterations of a phase: ours is one timed stretch of calls, or none. */
  private static void phase(ObjectNode entry, String name, Phase phase) {
    boolean ran = phase != null && phase.iterations() > 0;
    entry.put(name + "Iterations", ran ? 1 : 0);
    entry.put(name + "Time", (ran ? Math.round(phase.timeMs()) : 0) + " ms");
    entry.put(name + "BatchSize", 1);
  }

  private static ObjectNode primary(LatencySummary latency, long[] sorted, int n, long[][] forks) {
    ObjectNode metric = MAPPER.createObjectNode();
    double mean = latency.mean();
    metric.put("score", mean);
    Double std = latency.std();
    if (n > 1 && std != null) {
      double error = StudentT.quantile(1 - (1 - 0.999) / 2, n - 1) * std / Math.sqrt(n);
      metric.put("scoreError", error);
      metric.putArray("scoreConfidence").add(mean - error).add(mean + error);
    } else {
      metric.put("scoreError", "NaN");
      metric.putArray("scoreConfidence").add("NaN").add("NaN");
    }
    ObjectNode percentiles = metric.putObject("scorePercentiles");
    for (double p : PERCENTILES) {
      percentiles.put(key(p), percentile(sorted, n, p));
    }
    metric.put("scoreUnit", UNIT);
    ArrayNode histogram = metric.putArray("rawDataHistogram");
    for (long[] fork : forks) {
      ArrayNode iteration = histogram.addArray().addArray();
      int i = 0;
      while (i < fork.length) {
        int j = i;
        while (j < fork.length && fork[j] == fork[i]) {
          j++;
        }
        iteration.addArray().add(fork[i] / 1e6).add(j - i);
        i = j;
      }
    }
    return metric;
  }

  /**
   * A secondary metric as JMH writes a percentile's: one value in {@code unit}, no error; each
   * fork's own in rawData.
   */
  private static ObjectNode single(double value, double[] perFork, String unit) {
    ObjectNode metric = MAPPER.createObjectNode();
    metric.put("score", value);
    metric.put("scoreError", "NaN");
    metric.putArray("scoreConfidence").add("NaN").add("NaN");
    ObjectNode percentiles = metric.putObject("scorePercentiles");
    for (double p : PERCENTILES) {
      percentiles.put(key(p), value);
    }
    metric.put("scoreUnit", unit);
    ArrayNode rawData = metric.putArray("rawData");
    for (double fork : perFork) {
      rawData.addArray().add(fork);
    }
    return metric;
  }

  private static double percentile(long[] sorted, int n, double p) {
    return Percentiles.type7(sorted, n, p / 100) / 1e6;
  }

  /** JMH's keys: {@code 0.0}, {@code 50.0}, {@code 99.9}, {@code 99.9999}, {@code 100.0}. */
  private static String key(double p) {
    String text = String.format(Locale.ROOT, "%.4f", p).replaceAll("0+$", "");
    return text.endsWith(".") ? text + "0" : text;
  }
}
