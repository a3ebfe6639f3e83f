package dev.junitbench.machine;

import dev.junitbench.environment.GpuInfo;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * NVIDIA's {@code nvidia-smi}: the GPUs of the machine, the memory this process holds on them, and
 * (through {@link GpuStream}) their utilization, memory and power while a scenario is measured. Its
 * CSV format ({@code --format=csv,noheader,nounits}) is one line per GPU, fields separated by
 * {@code ", "}, {@code N/A} or {@code [N/A]} (or {@code [Not Supported]}) where a GPU has no value.
 */
public final class NvidiaSmi {

  /** The inventory query; its fields are those of the recorded outputs the parser is tested on. */
  static final List<String> INVENTORY = List.of("name", "memory.total", "driver_version");

  /** The sampling query, one line per GPU per interval. */
  static final List<String> SAMPLES =
      List.of("index", "utilization.gpu", "memory.used", "power.draw");

  /** The per-process memory query. */
  static final List<String> APPS = List.of("pid", "used_memory");

  private static final Pattern CUDA_VERSION = Pattern.compile("CUDA Version:\\s*([0-9][0-9.]*)");

  private final String command;
  private final Duration timeout;

  /**
   * nvidia-smi as {@code command} (a name on the PATH or a path); one-off queries give up after
   * {@code timeout}.
   */
  public NvidiaSmi(String command, Duration timeout) {
    this.command = command;
    this.timeout = timeout;
  }

  /** What the command printed, or why it printed nothing usable. */
  record Output(List<String> lines, String failure) {}

  /**
   * The GPUs nvidia-smi lists, with the CUDA version its banner names.
   *
   * @throws NvidiaSmiException naming why there is no list: not installed, no answer, a failure, or
   *     output that is not the documented format
   */
  public List<GpuInfo> gpus() throws NvidiaSmiException {
    List<String> lines =
        query(
            List.of("--query-gpu=" + String.join(",", INVENTORY), "--format=csv,noheader,nounits"));
    String cuda = cudaVersion(query(List.of())).orElse(null);
    List<GpuInfo> gpus = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      Map<String, String> row = parse(INVENTORY, lines.get(i));
      gpus.add(
          new GpuInfo(
              i,
              row.get("name"),
              "NVIDIA",
              number(row.get("memory.total")),
              row.get("driver_version"),
              cuda,
              "nvidia-smi"));
    }
    return gpus;
  }

  /** The MiB this process ({@code pid}) holds on all GPUs together; empty when it holds none. */
  public Optional<Long> processMemoryMb(long pid) throws NvidiaSmiException {
    long total = 0;
    boolean found = false;
    for (String line :
        query(
            List.of(
                "--query-compute-apps=" + String.join(",", APPS),
                "--format=csv,noheader,nounits"))) {
      Map<String, String> row = parse(APPS, line);
      Long used = number(row.get("used_memory"));
      if (String.valueOf(pid).equals(row.get("pid")) && used != null) {
        total += used;
        found = true;
      }
    }
    return found ? Optional.of(total) : Optional.empty();
  }

  /** Starts {@code nvidia-smi -lms} sampling every {@code interval}. */
  public GpuStream stream(Duration interval) throws NvidiaSmiException {
    List<String> arguments =
        new ArrayList<>(
            List.of(
                command,
                "--query-gpu=" + String.join(",", SAMPLES),
                "--format=csv,noheader,nounits",
                "-lms",
                String.valueOf(Math.max(1, interval.toMillis()))));
    try {
      // Its errors come with its lines: a full, unread error pipe would stop it.
      Process process = new ProcessBuilder(arguments).redirectErrorStream(true).start();
      return new GpuStream(process, SAMPLES);
    } catch (IOException | RuntimeException e) {
      throw notRunnable(e);
    }
  }

  private List<String> query(List<String> options) throws NvidiaSmiException {
    List<String> arguments = new ArrayList<>();
    arguments.add(command);
    arguments.addAll(options);
    Process process;
    try {
      process = new ProcessBuilder(arguments).redirectErrorStream(true).start();
    } catch (IOException | RuntimeException e) {
      throw notRunnable(e);
    }
    try {
      // Read in the background: a process that hangs must not hang the run.
      List<String> lines = new ArrayList<>();
      Thread reader =
          new Thread(
              () -> readLines(process.getInputStream(), lines), "junit-bench nvidia-smi reader");
      reader.setDaemon(true);
      reader.start();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new NvidiaSmiException(
            command
                + " "
                + String.join(" ", options)
                + " did not answer within "
                + timeout.toSeconds()
                + " s (a hung driver?)");
      }
      reader.join(timeout.toMillis());
      synchronized (lines) {
        if (process.exitValue() != 0) {
          throw new NvidiaSmiException(
              command
                  + " failed with exit status "
                  + process.exitValue()
                  + (lines.isEmpty() ? "" : ": " + lines.get(0)));
        }
        return List.copyOf(lines);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new NvidiaSmiException(command + " was interrupted");
    } finally {
      process.destroyForcibly();
    }
  }

  private NvidiaSmiException notRunnable(Exception e) {
    return new NvidiaSmiException(
        command
            + " cannot be run ("
            + e.getMessage()
            + "); no NVIDIA driver here, or set"
            + " junit.bench.nvidia-smi to its path");
  }

  private static void readLines(InputStream in, List<String> lines) {
    try (BufferedReader reader =
        new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
      String line;
      while ((line = reader.readLine()) != null) {
        if (!line.isBlank()) {
          synchronized (lines) {
            lines.add(line.strip());
          }
        }
      }
    } catch (IOException e) {
      // The process was stopped; what was read stands.
    }
  }

  /**
   * The CUDA version nvidia-smi's banner names ({@code | NVIDIA-SMI 550.54 Driver Version: 550.54
   * CUDA Version: 12.4 |}).
   */
  static Optional<String> cudaVersion(List<String> banner) {
    for (String line : banner) {
      Matcher matcher = CUDA_VERSION.matcher(line);
      if (matcher.find()) {
        return Optional.of(matcher.group(1));
      }
    }
    return Optional.empty();
  }

  /**
   * One CSV line of a query with {@code fields}: each field's text, null where nvidia-smi prints
   * {@code N/A}, {@code [N/A]} or {@code [Not Supported]}.
   *
   * @throws NvidiaSmiException when the line does not have one value per field
   */
  static Map<String, String> parse(List<String> fields, String line) throws NvidiaSmiException {
    String[] values = line.split(",", -1);
    if (values.length != fields.size()) {
      throw new NvidiaSmiException(
          "nvidia-smi printed something unexpected: '"
              + line
              + "' (expected "
              + fields.size()
              + " values: "
              + String.join(", ", fields)
              + ")");
    }
    Map<String, String> row = new LinkedHashMap<>();
    for (int i = 0; i < values.length; i++) {
      String value = values[i].strip();
      String lower = value.toLowerCase(Locale.ROOT);
      boolean missing =
          value.isEmpty()
              || lower.equals("n/a")
              || lower.equals("[n/a]")
              || lower.startsWith("[not supported")
              || lower.startsWith("[unknown error");
      row.put(fields.get(i), missing ? null : value);
    }
    return row;
  }

  /** A whole number of a field, null where it has none. */
  static Long number(String value) throws NvidiaSmiException {
    Double decimal = decimal(value);
    return decimal == null ? null : Math.round(decimal);
  }

  /** A decimal number of a field, null where it has none. */
  static Double decimal(String value) throws NvidiaSmiException {
    if (value == null) {
      return null;
    }
    try {
      return Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new NvidiaSmiException(
          "nvidia-smi printed something unexpected: '" + value + "' where a number belongs");
    }
  }
}
