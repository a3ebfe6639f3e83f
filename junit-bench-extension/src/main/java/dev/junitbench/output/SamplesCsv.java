package dev.junitbench.output;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.Samples;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes samples.csv: {@code result_id,iteration,latency_ns,fork}, one row per measured iteration.
 * A forked scenario's samples come fork after fork, iterations numbered from 1 in each fork; a
 * scenario measured in the JUnit JVM has fork 0.
 */
public final class SamplesCsv {

  /** File name inside a run folder. */
  public static final String FILE = Samples.FILE;

  /** The header row. */
  public static final String HEADER = "result_id,iteration,latency_ns,fork";

  private SamplesCsv() {}

  /**
   * Appends the samples of {@code result} (iterations numbered from 1) in place ({@link
   * AtomicFiles#appendRows}): a failure cuts the file back to the rows before, and a reader passes
   * over rows of a result results.json does not list yet, and a last row cut short.
   */
  public static void append(Path runDir, ScenarioResult result) throws IOException {
    AtomicFiles.appendRows(
        runDir.resolve(FILE),
        HEADER,
        writer -> {
          long[] samples = result.samplesNs();
          if (samples == null) {
            return;
          }
          String prefix = result.id() + ",";
          // Fork after fork, as they were pooled; unforked, one run numbered 0.
          List<ForkRun> forks =
              result.forks() == null
                  ? null
                  : result.forks().runs().stream()
                      .filter(run -> run.status() == Status.PASSED)
                      .toList();
          int runs = forks == null ? 1 : forks.size();
          int i = 0;
          for (int run = 0; run < runs; run++) {
            long count = forks == null ? samples.length : forks.get(run).count();
            String suffix = "," + (forks == null ? 0 : forks.get(run).fork()) + "\n";
            for (long iteration = 1; iteration <= count && i < samples.length; iteration++, i++) {
              writer.write(prefix);
              writer.write(Long.toString(iteration));
              writer.write(',');
              writer.write(Long.toString(samples[i]));
              writer.write(suffix);
            }
          }
        });
  }
}
