package dev.junitbench.output;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Writes tokens.csv: {@code result_id,request,token,ns}, one row per token a generating scenario
 * made: request r (from 1, in measurement order, fork after fork; under a pooled load in query
 * order) had token k (from 0) ready {@code ns} nanoseconds after it started (under Server, after
 * its scheduled arrival). Every figure of a result's {@code generation} group is computed from
 * these rows. The file exists only in runs with a generating scenario.
 */
public final class TokensCsv {

  /** File name inside a run folder. */
  public static final String FILE = "tokens.csv";

  /** The header row. */
  public static final String HEADER = "result_id,request,token,ns";

  private TokensCsv() {}

  /**
   * Appends the token times of {@code result}, if it has any, as {@link SamplesCsv#append} does.
   */
  public static void append(Path runDir, ScenarioResult result) throws IOException {
    long[] times = result.tokenNs();
    if (times == null || result.generation() == null) {
      return;
    }
    int perRequest = result.generation().newTokens();
    AtomicFiles.appendRows(
        runDir.resolve(FILE),
        HEADER,
        writer -> {
          String prefix = result.id() + ",";
          for (int i = 0; i < times.length; i++) {
            writer.write(prefix);
            writer.write(Integer.toString(i / perRequest + 1));
            writer.write(',');
            writer.write(Integer.toString(i % perRequest));
            writer.write(',');
            writer.write(Long.toString(times[i]));
            writer.write('\n');
          }
        });
  }
}
