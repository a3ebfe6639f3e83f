package dev.junitbench.measure;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The JVM's count of the bytes a thread has allocated on the Java heap, read on the thread itself
 * at a measurement's boundaries (never inside the timed loop). Where the JVM does not count, or the
 * count is turned off, every read is negative and {@link #unavailableReason()} says why.
 */
public interface ThreadAllocation {

  /** Why the count is missing on a JVM without {@code com.sun.management.ThreadMXBean}. */
  String NOT_COUNTED = "this JVM does not count allocated bytes per thread";

  /** Why the count is missing when it was turned off. */
  String TURNED_OFF =
      "the JVM's count of allocated bytes per thread is turned off"
          + " (ThreadMXBean.setThreadAllocatedMemoryEnabled(false))";

  /** A source that never counts, for {@code reason}. */
  static ThreadAllocation none(String reason) {
    return new ThreadAllocation() {
      @Override
      public long currentThreadBytes() {
        return -1;
      }

      @Override
      public String unavailableReason() {
        return reason;
      }
    };
  }

  /** The running JVM's count. */
  static ThreadAllocation jvm() {
    return of(ManagementFactory.getThreadMXBean());
  }

  /**
   * The count of {@code threads}: HotSpot's and OpenJ9's {@code com.sun.management.ThreadMXBean}
   * where it counts, else one that never does.
   */
  static ThreadAllocation of(ThreadMXBean threads) {
    if (!(threads instanceof com.sun.management.ThreadMXBean counting)
        || !counting.isThreadAllocatedMemorySupported()) {
      return none(NOT_COUNTED);
    }
    return new ThreadAllocation() {
      @Override
      public long currentThreadBytes() {
        // Negative while the count is turned off; reading it allocates nothing.
        return counting.getCurrentThreadAllocatedBytes();
      }

      @Override
      public String unavailableReason() {
        return counting.isThreadAllocatedMemoryEnabled() ? null : TURNED_OFF;
      }
    };
  }

  /** Bytes the calling thread has allocated so far, or a negative number when not counted. */
  long currentThreadBytes();

  /** Why {@link #currentThreadBytes()} is not counted now, or null when it is. */
  String unavailableReason();
}
