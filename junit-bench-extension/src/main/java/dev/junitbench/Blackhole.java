package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import java.lang.ref.WeakReference;
import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Keeps results of a benchmark body from being optimised away, as JMH's {@code Blackhole} does:
 * pass every value the body computes to {@link #consume(Object)}. Injected into benchmark methods;
 * one instance per scenario.
 *
 * <p>{@link #closeAfterTiming(AutoCloseable)} takes a result that must be closed (an ONNX Runtime
 * {@code Result}, say) and closes it after the iteration's clock has stopped, so closing is not
 * timed.
 *
 * @since 0.1.0
 */
@API(status = STABLE, since = "0.1")
public final class Blackhole {

  // The comparisons below can never be true, but the JIT cannot prove it, so every consumed value
  // must be computed. Fields are volatile so their reads cannot be hoisted out of the loop.
  private volatile boolean bool1;
  private volatile boolean bool2 = true;
  private volatile byte b1 = 1;
  private volatile byte b2 = 2;
  private volatile char c1 = 'A';
  private volatile char c2 = 'B';
  private volatile short s1 = 1;
  private volatile short s2 = 2;
  private volatile int i1 = 1;
  private volatile int i2 = 2;
  private volatile long l1 = 1;
  private volatile long l2 = 2;
  private volatile float f1 = 1;
  private volatile float f2 = 2;
  private volatile double d1 = 1;
  private volatile double d2 = 2;
  private volatile int tlrMask = 1;

  @SuppressWarnings("UnusedVariable") // written, never read: the write lets a value escape
  private volatile Object escaped;

  private int tlr = (int) System.nanoTime();

  private AutoCloseable[] toClose = new AutoCloseable[4];
  private int pendingCloses;

  Blackhole() {}

  /** Consumes a value. */
  public void consume(boolean value) {
    if (value == bool1 & value == bool2) {
      bool1 = value; // unreachable: bool1 != bool2
    }
  }

  /** Consumes a value. */
  public void consume(byte value) {
    if (value == b1 & value == b2) {
      b1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(char value) {
    if (value == c1 & value == c2) {
      c1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(short value) {
    if (value == s1 & value == s2) {
      s1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(int value) {
    if (value == i1 & value == i2) {
      i1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(long value) {
    if (value == l1 & value == l2) {
      l1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(float value) {
    if (value == f1 & value == f2) {
      f1 = value;
    }
  }

  /** Consumes a value. */
  public void consume(double value) {
    if (value == d1 & value == d2) {
      d1 = value;
    }
  }

  /**
   * Consumes an object. A pseudo-random, ever rarer subset of the objects is published to a field,
   * which makes every object escape as far as the JIT can tell.
   */
  public void consume(Object value) {
    int mask = tlrMask;
    int next = tlr * 1664525 + 1013904223;
    tlr = next;
    if ((next & mask) == 0) {
      escaped = new WeakReference<>(value);
      tlrMask = (mask << 1) + 1;
    }
  }

  /**
   * Closes {@code resource} after this iteration's clock has stopped, before the next iteration
   * starts. A failure to close fails the scenario.
   */
  public void closeAfterTiming(AutoCloseable resource) {
    if (pendingCloses == toClose.length) {
      toClose = Arrays.copyOf(toClose, toClose.length * 2);
    }
    toClose[pendingCloses++] = resource;
  }

  /**
   * Closes what the last iteration handed to {@link #closeAfterTiming}; called by the loop,
   * untimed.
   */
  void closePending() throws Exception {
    Exception failure = null;
    for (int i = 0; i < pendingCloses; i++) {
      AutoCloseable resource = toClose[i];
      toClose[i] = null;
      try {
        if (resource != null) {
          resource.close();
        }
      } catch (Exception e) {
        if (failure == null) {
          failure = e;
        } else {
          failure.addSuppressed(e);
        }
      }
    }
    pendingCloses = 0;
    if (failure != null) {
      throw failure;
    }
  }

  boolean hasPendingCloses() {
    return pendingCloses != 0;
  }
}
