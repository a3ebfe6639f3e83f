package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import org.apiguardian.api.API;

/**
 * Where a {@link dev.junitbench.infra.Generator} writes when each token of each request was ready,
 * in nanoseconds since the request started: primitive arrays written in place, grown only when a
 * request begins, before its clock starts. During warm-up every request overwrites the first slot;
 * from {@link #startMeasuring()} on each request gets its own. Used by one thread at a time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class TokenRecorder {

  private final int tokensPerRequest;
  private long[] times;
  private int requests;
  private boolean measuring;

  /**
   * A recorder of requests of {@code tokensPerRequest} tokens, with room for {@code
   * expectedRequests} at first.
   */
  public TokenRecorder(int tokensPerRequest, int expectedRequests) {
    if (tokensPerRequest < 1) {
      throw new IllegalArgumentException(
          "tokens per request must be 1 or more, was " + tokensPerRequest);
    }
    this.tokensPerRequest = tokensPerRequest;
    this.times = new long[Math.multiplyExact(tokensPerRequest, Math.max(1, expectedRequests))];
  }

  /** Tokens each request records. */
  public int tokensPerRequest() {
    return tokensPerRequest;
  }

  /** From now on every request is kept; what warm-up recorded is dropped. */
  public void startMeasuring() {
    measuring = true;
    requests = 0;
  }

  /**
   * Starts a request: the index its tokens go to, from which {@link #token} counts. Grows the
   * arrays when they are full; call it before the request's clock starts.
   */
  public int begin() {
    if (!measuring) {
      return 0;
    }
    int base = Math.multiplyExact(requests, tokensPerRequest);
    if (base + tokensPerRequest > times.length) {
      times =
          Arrays.copyOf(
              times,
              (int)
                  Math.min(
                      Integer.MAX_VALUE - 8,
                      Math.max((long) base + tokensPerRequest, 2L * times.length)));
    }
    return base;
  }

  /**
   * Records that token {@code k} of the request begun at {@code base} was ready {@code nanos} after
   * it started.
   */
  public void token(int base, int k, long nanos) {
    times[base + k] = nanos;
  }

  /** Ends the request begun last: it counts from now on. */
  public void end() {
    if (measuring) {
      requests++;
    }
  }

  /** Requests measured so far. */
  public int requests() {
    return requests;
  }

  /** The token times of the measured requests, request after request, a copy. */
  public long[] times() {
    return Arrays.copyOf(times, requests * tokensPerRequest);
  }
}
