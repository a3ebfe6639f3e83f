package dev.junitbench.sampling;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A running {@code nvidia-smi --query-gpu=index,utilization.gpu,memory.used,power.draw -lms N}: one
 * process for a whole measurement, read as a stream by a thread of its own (starting nvidia-smi per
 * sample would cost tens of milliseconds each time). Stopping it gives the figures of the busiest
 * GPU, the one with the highest mean utilization.
 */
public final class GpuStream {

  /** One line: a GPU's readings at one moment. */
  private record Sample(long nanos, int gpu, Double utilization, Double memoryMb, Double powerW) {}

  /**
   * What the stream saw of the busiest GPU over the measurement; each figure null where nvidia-smi
   * gave none.
   *
   * @param gpu the busiest GPU's index, null when no line was read
   * @param utilizationPct mean utilization.gpu, 0-100
   * @param memoryPeakMb peak memory.used, MiB
   * @param powerAvgW mean power.draw, watts
   * @param samples lines read for that GPU
   * @param problem why there are no figures (no line, unexpected output), or null
   */
  public record Figures(Integer gpu, Double utilizationPct, Double memoryPeakMb, Double powerAvgW, int samples,
      String problem) {}

  private final Process process;
  private final List<String> fields;
  private final List<Sample> samples = new ArrayList<>();
  private final Thread reader;
  private String unexpected;

  GpuStream(Process process, List<String> fields) {
    this.process = process;
    this.fields = fields;
    this.reader = new Thread(this::read, "junit-bench nvidia-smi sampler");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8))) {
      String line;
      while ((line = lines.readLine()) != null) {
        if (!line.isBlank()) {
          accept(System.nanoTime(), line.strip());
        }
      }
    } catch (IOException e) {
      // The process was stopped; the lines read stand.
    }
  }

  private synchronized void accept(long nanos, String line) {
    try {
      Map<String, String> row = NvidiaSmi.parse(fields, line);
      Long index = NvidiaSmi.number(row.get("index"));
      if (index == null) {
        throw new NvidiaSmiException("nvidia-smi printed something unexpected: '" + line + "' (no GPU index)");
      }
      samples.add(new Sample(nanos, index.intValue(), NvidiaSmi.decimal(row.get("utilization.gpu")),
          NvidiaSmi.decimal(row.get("memory.used")), NvidiaSmi.decimal(row.get("power.draw"))));
    } catch (NvidiaSmiException e) {
      if (unexpected == null) {
        unexpected = e.getMessage();
      }
    }
  }

  /** Stops nvidia-smi and summarizes what it printed. */
  public Figures stop() {
    process.destroy();
    try {
      if (!process.waitFor(2, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      reader.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    return summarize();
  }

  private synchronized Figures summarize() {
    Map<Integer, List<Sample>> byGpu = new TreeMap<>();
    for (Sample sample : samples) {
      byGpu.computeIfAbsent(sample.gpu(), k -> new ArrayList<>()).add(sample);
    }
    if (byGpu.isEmpty()) {
      return new Figures(null, null, null, null, 0, unexpected != null ? unexpected
          : "nvidia-smi printed no sample during the measurement (it ran "
              + (process.isAlive() ? "on" : "and ended with status " + exitValue()) + ")");
    }
    int busiest = byGpu.keySet().iterator().next();
    double best = -1;
    for (Map.Entry<Integer, List<Sample>> gpu : byGpu.entrySet()) {
      Double utilization = mean(gpu.getValue(), Sample::utilization);
      if (utilization != null && utilization > best) {
        best = utilization;
        busiest = gpu.getKey();
      }
    }
    List<Sample> chosen = byGpu.get(busiest);
    Double peak = null;
    for (Sample sample : chosen) {
      if (sample.memoryMb() != null && (peak == null || sample.memoryMb() > peak)) {
        peak = sample.memoryMb();
      }
    }
    return new Figures(busiest, mean(chosen, Sample::utilization), peak, mean(chosen, Sample::powerW), chosen.size(),
        null);
  }

  private String exitValue() {
    try {
      return String.valueOf(process.exitValue());
    } catch (IllegalThreadStateException e) {
      return "?";
    }
  }

  private static Double mean(List<Sample> samples, java.util.function.Function<Sample, Double> field) {
    double sum = 0;
    int count = 0;
    for (Sample sample : samples) {
      Double value = field.apply(sample);
      if (value != null) {
        sum += value;
        count++;
      }
    }
    return count == 0 ? null : sum / count;
  }
}
