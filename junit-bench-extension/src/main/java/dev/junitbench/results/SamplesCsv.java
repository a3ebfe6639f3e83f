package dev.junitbench.results;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Writes samples.csv: {@code result_id,iteration,latency_ns}, one row per measured iteration. */
public final class SamplesCsv {

  /** File name inside a run folder. */
  public static final String FILE = "samples.csv";
  /** The header row. */
  public static final String HEADER = "result_id,iteration,latency_ns";

  private SamplesCsv() {}

  /**
   * Appends the samples of {@code result} (iterations numbered from 1): the old rows are copied
   * into a new file that then replaces the old one, so a reader never sees half a row.
   */
  public static void append(Path runDir, ScenarioResult result) throws IOException {
    AtomicFiles.write(runDir.resolve(FILE), (out, previous) -> {
      if (previous == null) {
        out.write((HEADER + "\n").getBytes(StandardCharsets.US_ASCII));
      } else {
        Files.copy(previous, out);
      }
      long[] samples = result.samplesNs();
      if (samples == null) {
        return;
      }
      BufferedWriter writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
      String prefix = result.id() + ",";
      for (int i = 0; i < samples.length; i++) {
        writer.write(prefix);
        writer.write(Integer.toString(i + 1));
        writer.write(',');
        writer.write(Long.toString(samples[i]));
        writer.write('\n');
      }
      writer.flush();
    });
  }
}
