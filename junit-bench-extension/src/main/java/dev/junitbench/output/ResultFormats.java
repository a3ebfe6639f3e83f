package dev.junitbench.output;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * The result formats found on the class path and switched on for a run. Each call is guarded: a
 * format that throws (or cannot link) is warned about once and never stops another format or the
 * run.
 */
final class ResultFormats {

  private final List<ResultFormat> formats;

  /** {@code junit.bench.format.<name>} of each format found, with the value in force. */
  private final Map<String, String> settings;

  /** Every format found, on or off, by name. */
  private final Map<String, ResultFormat> found;

  private ResultFormats(
      List<ResultFormat> formats, Map<String, String> settings, Map<String, ResultFormat> found) {
    this.formats = formats;
    this.settings = settings;
    this.found = found;
  }

  /** The formats {@code loader} finds, those switched off by {@code config} left out. */
  static ResultFormats load(ClassLoader loader, BenchConfig config) {
    List<ResultFormat> enabled = new ArrayList<>();
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, ResultFormat> found = new LinkedHashMap<>();
    Iterator<ResultFormat> providers = ServiceLoader.load(ResultFormat.class, loader).iterator();
    for (int attempt = 0; attempt < 64; attempt++) {
      ResultFormat format;
      try {
        if (!providers.hasNext()) {
          break;
        }
        format = providers.next();
      } catch (Throwable e) {
        RunWarnings.warnOnce(
            "format: " + e,
            "a result format could not be created and writes nothing (" + Causes.describe(e) + ")");
        continue;
      }
      String name = nameOf(format);
      found.putIfAbsent(name, format);
      boolean byDefault;
      try {
        byDefault = format.enabledByDefault();
      } catch (Throwable e) {
        failed(format, e);
        continue;
      }
      boolean on;
      try {
        on = config.formatEnabled(name, byDefault);
      } catch (BenchmarkConfigurationException e) {
        on = byDefault;
        RunWarnings.warnOnce(
            "format setting: " + name,
            e.getMessage()
                + " (the "
                + name
                + " format is "
                + (on ? "on" : "off")
                + ", its default)");
      }
      settings.put(BenchConfig.FORMAT_PREFIX + name, String.valueOf(on));
      if (on) {
        enabled.add(format);
      }
    }
    if (config.historyDb().isPresent()
        && enabled.stream().noneMatch(format -> "history".equals(nameOf(format)))) {
      RunWarnings.warnOnce(
          "format: history missing",
          BenchConfig.HISTORY_DB
              + " is set, but no result format named"
              + " history is on (junit-bench-reports, with the store's JDBC driver, on the test class path; not switched"
              + " off with "
              + BenchConfig.FORMAT_PREFIX
              + "history=false): this run is not imported; import it later with"
              + " junit-bench-reports history import");
    }
    return new ResultFormats(List.copyOf(enabled), settings, found);
  }

  private static String nameOf(ResultFormat format) {
    try {
      String name = format.name();
      return name == null || name.isBlank() ? format.getClass().getName() : name;
    } catch (Throwable e) {
      return format.getClass().getName();
    }
  }

  /** Every format found, on or off, by name: their switches and declared keys are known keys. */
  Map<String, ResultFormat> found() {
    return found;
  }

  /** The switch of every format found, as {@code run.config} records it. */
  Map<String, String> settings() {
    return settings;
  }

  /** Tells every format a scenario was written. */
  void scenarioWritten(RunFolder run) {
    for (ResultFormat format : formats) {
      try {
        format.scenarioWritten(run);
      } catch (Throwable e) {
        // Whatever a format throws, an assertion or an error of its own, it costs only its own
        // files.
        failed(format, e);
      }
    }
  }

  /** What a format wrote at the end of a run, and how long it took. */
  record Written(String format, List<Path> files, long nanos) {

    /** {@code junit-bench: html wrote /path/report.html (0.41 s)}, one line per file. */
    List<String> lines() {
      List<String> lines = new ArrayList<>();
      for (Path file : files) {
        lines.add(
            String.format(
                Locale.ROOT,
                "junit-bench: %s wrote %s (%.2f s)",
                format,
                file.toAbsolutePath(),
                nanos / 1e9));
      }
      return lines;
    }
  }

  /** Tells every format the run has ended; returns what each wrote. */
  List<Written> runFinished(RunFolder run) {
    List<Written> written = new ArrayList<>();
    for (ResultFormat format : formats) {
      long start = System.nanoTime();
      try {
        List<Path> files = format.runFinished(run);
        if (files != null && !files.isEmpty()) {
          written.add(new Written(nameOf(format), List.copyOf(files), System.nanoTime() - start));
        }
      } catch (Throwable e) {
        failed(format, e);
      }
    }
    return written;
  }

  private static void failed(ResultFormat format, Throwable e) {
    String name = nameOf(format);
    RunWarnings.warnOnce(
        "format: " + name,
        "the "
            + name
            + " result format ("
            + format.getClass().getName()
            + ") failed and its files may be missing or stale; the other result files are complete ("
            + Causes.describe(e)
            + ")");
  }
}
