package dev.junitbench.reports.action;

import java.io.PrintWriter;

/** Where an action prints: the command line's standard output and error, or a build's log. */
public interface ActionOutput {

  /** A line of the action's output. */
  void line(String text);

  /** A line about a problem that did not stop the action (a run skipped as unreadable). */
  void problem(String text);

  /** Prints lines on {@code out} and problems on {@code err}. */
  static ActionOutput of(PrintWriter out, PrintWriter err) {
    return new ActionOutput() {
      @Override
      public void line(String text) {
        out.println(text);
      }

      @Override
      public void problem(String text) {
        err.println(text);
      }
    };
  }
}
