package dev.junitbench.measure;

/**
 * What a timed call leaves to close once its clock has stopped (a benchmark's {@code
 * Blackhole.closeAfterTiming}): checked after every call, outside the timed region.
 */
public interface AfterTiming {

  /** Nothing to close, ever. */
  AfterTiming NONE =
      new AfterTiming() {
        @Override
        public boolean pending() {
          return false;
        }

        @Override
        public void closePending() {}
      };

  /** Whether the last call handed over something to close. */
  boolean pending();

  /** Closes what the last call handed over; a failure to close fails the scenario. */
  void closePending() throws Exception;
}
