package dev.junitbench.machine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * A running {@code nvidia-smi --query-gpu=index,utilization.gpu,memory.used,power.draw -lms N}: one
 * process for a whole scenario, started before its warm-up so its own start-up does not fall in the
 * measurement, and read as a stream by a thread of its own (starting nvidia-smi per sample would
 * cost tens of milliseconds each time). Only the lines read while the measurement runs count, kept
 * as running totals per GPU. Stopping it gives the figures of the busiest GPU, the one with the
 * highest mean utilization.
 */
public final class GpuStream {

  /**
   * What the stream saw of the busiest GPU over the measurement; each figure null where nvidia-smi
   * gave none.
   *
   * @param gpu the busiest GPU's index, null when no line was read in the measurement
   * @param utilizationPct mean utilization.gpu, 0-100
   * @param memoryPeakMb peak memory.used, MiB
   * @param powerAvgW mean power.draw, watts
   * @param samples lines read for that GPU during the measurement
   * @param linesRead every line read, the measurement's or not
   * @param problem what nvidia-smi printed that is not its format, or null
   */
  public record Figures(
      Integer gpu,
      Double utilizationPct,
      Double memoryPeakMb,
      Double powerAvgW,
      int samples,
      int linesRead,
      String problem) {}

  /** Running totals of one GPU's lines. */
  private static final class Totals {
    int lines;
    double utilizationSum;
    int utilizationCount;
    double memoryPeak = -1;
    double powerSum;
    int powerCount;
  }

  private final Process process;
  private final List<String> fields;
  private final Map<Integer, Totals> totals = new TreeMap<>();
  private final Thread reader;
  private long windowStart = Long.MAX_VALUE;
  private long windowEnd = Long.MAX_VALUE;
  private int linesRead;
  private String unexpected;

  GpuStream(Process process, List<String> fields) {
    this.process = process;
    this.fields = fields;
    this.reader = new Thread(this::read, "junit-bench nvidia-smi sampler");
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    try (BufferedReader lines =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
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

  /** From now on lines count: the measurement starts. */
  public synchronized void measurementStarts() {
    windowStart = System.nanoTime();
  }

  private synchronized void accept(long nanos, String line) {
    linesRead++;
    try {
      Map<String, String> row = NvidiaSmi.parse(fields, line);
      Long index = NvidiaSmi.number(row.get("index"));
      if (index == null) {
        throw new NvidiaSmiException(
            "nvidia-smi printed something unexpected: '" + line + "' (no GPU index)");
      }
      Double utilization = NvidiaSmi.decimal(row.get("utilization.gpu"));
      Double memory = NvidiaSmi.decimal(row.get("memory.used"));
      Double power = NvidiaSmi.decimal(row.get("power.draw"));
      if (nanos < windowStart || nanos > windowEnd) {
        return;
      }
      Totals gpu = totals.computeIfAbsent(index.intValue(), k -> new Totals());
      gpu.lines++;
      if (utilization != null) {
        gpu.utilizationSum += utilization;
        gpu.utilizationCount++;
      }
      if (memory != null) {
        gpu.memoryPeak = Math.max(gpu.memoryPeak, memory);
      }
      if (power != null) {
        gpu.powerSum += power;
        gpu.powerCount++;
      }
    } catch (NvidiaSmiException e) {
      if (unexpected == null) {
        unexpected = e.getMessage();
      }
    }
  }

  /** Lines read for GPU {@code gpu} in the measurement's window so far (tests wait for them). */
  synchronized int linesInWindow(int gpu) {
    Totals t = totals.get(gpu);
    return t == null ? 0 : t.lines;
  }

  /** Whether it has read a line it could not make sense of (tests wait for one). */
  synchronized boolean sawUnexpected() {
    return unexpected != null;
  }

  /**
   * Ends the measurement's window, stops nvidia-smi and summarizes what it printed in the window.
   */
  public Figures stop() {
    synchronized (this) {
      windowEnd = System.nanoTime();
    }
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
    Integer busiest = null;
    double best = -1;
    for (Map.Entry<Integer, Totals> gpu : totals.entrySet()) {
      Totals t = gpu.getValue();
      double utilization = t.utilizationCount == 0 ? 0 : t.utilizationSum / t.utilizationCount;
      if (busiest == null || utilization > best) {
        best = utilization;
        busiest = gpu.getKey();
      }
    }
    if (busiest == null) {
      return new Figures(null, null, null, null, 0, linesRead, unexpected);
    }
    Totals t = totals.get(busiest);
    return new Figures(
        busiest,
        t.utilizationCount == 0 ? null : t.utilizationSum / t.utilizationCount,
        t.memoryPeak < 0 ? null : t.memoryPeak,
        t.powerCount == 0 ? null : t.powerSum / t.powerCount,
        t.lines,
        linesRead,
        unexpected);
  }
}
