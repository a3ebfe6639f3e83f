package dev.junitbench.fork;

/**
 * A fork that did not run its scenario, for a reason that would have aborted it in the JUnit JVM
 * too (its device or runtime is missing there, an assumption failed): the scenario is aborted, not
 * failed, with the fork's reason.
 */
public final class ForkAborted extends RuntimeException {

  private static final long serialVersionUID = 1L;

  ForkAborted(String message) {
    super(message);
  }
}
