package dev.junitbench.reports.action;

/** How an action ended, with the exit code the command line gives it. */
public enum Outcome {
  /** Done; no regression. */
  OK(0),
  /** A regression (compare, history check). */
  REGRESSION(1),
  /** Bad input: an argument, a missing or damaged file, an unusable store. */
  BAD_INPUT(2),
  /** History check: no series has the runs to be judged, and none regressed. */
  NOT_JUDGED(4);

  private final int exitCode;

  Outcome(int exitCode) {
    this.exitCode = exitCode;
  }

  /** The command line's exit code for this outcome. */
  public int exitCode() {
    return exitCode;
  }
}
