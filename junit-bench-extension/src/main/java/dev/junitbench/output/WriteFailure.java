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
            : "results.json lists "
                + (saved == 1 ? "the result" : "the " + saved + " results")
                + " written before it failed, whole and readable, in "
                + writer.runDir()
                + "; from "
                + result.benchmark()
                + " "
                + result.displayName()
                + " on, a result it does not list is not saved (its line above is all that is"
                + " left of it)";
    return "junit-bench: "
        + what
        + "; "
        + kept
        + ". Free space or fix the permissions there, or set -D"
        + BenchConfig.OUTPUT_DIR
        + "=<a writable folder>.";
  }
}
