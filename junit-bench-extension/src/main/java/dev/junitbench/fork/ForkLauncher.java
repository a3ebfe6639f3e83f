package dev.junitbench.fork;

/**
 * Runs one scenario in a fork's JVM through the test framework that planned it, as the JUnit JVM
 * would have, and says how it ended. The fork's main class creates it by its no-argument
 * constructor from the class the request names, so the fork machinery knows no test framework.
 */
public interface ForkLauncher {

  /**
   * Runs the scenario {@code request} names and says how it ended, with its result when it was
   * measured.
   */
  ForkHandBack run(ForkRequest request);
}
