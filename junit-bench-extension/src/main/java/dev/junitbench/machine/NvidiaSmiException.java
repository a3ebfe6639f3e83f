package dev.junitbench.machine;

/** Why nvidia-smi gave nothing usable: not installed, no answer, a failure, unexpected output. */
public final class NvidiaSmiException extends Exception {

  /** An exception with the reason a user can read. */
  public NvidiaSmiException(String message) {
    super(message);
  }
}
