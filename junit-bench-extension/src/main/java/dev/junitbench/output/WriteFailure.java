package dev.junitbench.output;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.file.Path;

/** What a run's failure to write its result files means, for the line that says so. */
final class WriteFailure {

  private WriteFailure() {}

  /**
   * The file and the folder {@code e} could not write, what stays saved (the results {@code writer}
   * wrote before {@code result}, whole), and the fix; {@code writer} is null when the run folder
   * could not be made.
   */
  static String message(Throwable e, RunWriter writer, Path outputDir, ScenarioResult result) {
    String what =
        e instanceof IOException && e.getMessage() != null && e.getMessage().startsWith("cannot")
            ? e.getMessage()
            : "cannot write result files under " + outputDir + " (" + e + ")";
    int saved = writer == null ? 0 : writer.written();
    String kept =
        saved == 0
            ? "no result of this run is saved"
            : "the "
                + (saved == 1 ? "result" : saved + " results")
                + " written before stay whole and readable in "
                + writer.runDir()
                + "; "
                + result.benchmark()
                + " "
                + result.displayName()
                + " and the results after it are not saved (their lines above are all that is"
                + " left of them)";
    return "junit-bench: "
        + what
        + "; "
        + kept
        + ". Free space there, or set -D"
        + BenchConfig.OUTPUT_DIR
        + "=<a writable folder>.";
  }
}
