package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import org.apiguardian.api.API;

/**
 * The speed of text generation from the raw time of every output token, defined as vLLM's {@code
 * bench serve}, AIPerf and MLPerf LoadGen define it: time to first token (TTFT: request start to
 * the first token), time per output token (TPOT: {@code (end-to-end - TTFT) / (N - 1)} per request,
 * only for N > 1), inter-token latency (ITL: every gap between consecutive tokens, pooled over
 * requests; TTFT is not folded in), end-to-end latency and output tokens per second over the whole
 * measurement; beside them, not one of vLLM's figures, prefill throughput: prompt tokens over the
 * time to first token, which also holds the first decode step's sampling, so it reads a little low.
 * Each time figure has the statistics of {@code latency_ms}, in milliseconds.
 *
 * @param requests generation calls measured
 * @param tokensPerRequest new tokens each call generated per sequence (N)
 * @param batchSize sequences per call
 * @param promptTokens prompt tokens per sequence (L)
 * @param ttftMs time to first token, one per request
 * @param tpotMs time per output token, one per request; null when N = 1
 * @param itlMs inter-token latency, N - 1 per request; null when N = 1
 * @param e2eMs end-to-end latency, one per request
 * @param requestTokensPerSecond output tokens per second of each request (batch x N over its
 *     end-to-end latency), with the statistics of {@code latency_ms}, in tokens/s
 * @param outputTokensPerSecond batch x N x requests over the measurement's wall time, or null
 *     without one
 * @param prefillTokensPerSecond batch x L x requests over the summed times to first token, or null
 *     when 0
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record TokenTimings(
    int requests,
    int tokensPerRequest,
    int batchSize,
    int promptTokens,
    LatencySummary ttftMs,
    LatencySummary tpotMs,
    LatencySummary itlMs,
    LatencySummary e2eMs,
    LatencySummary requestTokensPerSecond,
    Double outputTokensPerSecond,
    Double prefillTokensPerSecond) {

  private static final double RATE_SCALE = 1000;

  /**
   * The figures of {@code requests} calls whose token times are {@code tokenNs}: entry {@code r *
   * tokensPerRequest + k} is when token k of request r was ready, in nanoseconds since request r
   * started; {@code wallNs} is the measurement's wall time (0 when unknown).
   *
   * @throws IllegalArgumentException when the counts do not fit the array, or a request's times go
   *     backwards or start below 0
   */
  public static TokenTimings of(
      long[] tokenNs,
      int requests,
      int tokensPerRequest,
      int batchSize,
      int promptTokens,
      long wallNs) {
    Objects.requireNonNull(tokenNs, "tokenNs");
    if (requests < 1 || tokensPerRequest < 1 || batchSize < 1 || promptTokens < 0) {
      throw new IllegalArgumentException(
          "requests, tokens per request and batch size must be 1 or more and prompt"
              + " tokens 0 or more; were "
              + requests
              + ", "
              + tokensPerRequest
              + ", "
              + batchSize
              + ", "
              + promptTokens);
    }
    if ((long) requests * tokensPerRequest != tokenNs.length) {
      throw new IllegalArgumentException(
          requests
              + " requests of "
              + tokensPerRequest
              + " tokens need "
              + (long) requests * tokensPerRequest
              + " token times, there are "
              + tokenNs.length);
    }
    int n = tokensPerRequest;
    long[] ttft = new long[requests];
    long[] e2e = new long[requests];
    long[] tpot = new long[requests];
    long[] itl = new long[requests * (n - 1)];
    long[] rate = new long[requests];
    double prefillNs = 0;
    for (int r = 0; r < requests; r++) {
      int first = r * n;
      if (tokenNs[first] < 0) {
        throw new IllegalArgumentException(
            "request " + r + " has its first token before it started (" + tokenNs[first] + " ns)");
      }
      for (int k = 1; k < n; k++) {
        long gap = tokenNs[first + k] - tokenNs[first + k - 1];
        if (gap < 0) {
          throw new IllegalArgumentException(
              "request " + r + " has token " + k + " before token " + (k - 1));
        }
        itl[r * (n - 1) + k - 1] = gap;
      }
      ttft[r] = tokenNs[first];
      e2e[r] = tokenNs[first + n - 1];
      tpot[r] = n > 1 ? Math.round((e2e[r] - ttft[r]) / (double) (n - 1)) : 0;
      prefillNs += ttft[r];
      // In thousandths of a token per second: exact to three decimals once scaled back.
      rate[r] = e2e[r] > 0 ? Math.round((double) batchSize * n / (e2e[r] / 1e9) * RATE_SCALE) : 0;
    }
    double outputTokens = (double) batchSize * n * requests;
    return new TokenTimings(
        requests,
        n,
        batchSize,
        promptTokens,
        LatencySummary.of(ttft, requests),
        n > 1 ? LatencySummary.of(tpot, requests) : null,
        n > 1 ? LatencySummary.of(itl, itl.length) : null,
        LatencySummary.of(e2e, requests),
        LatencySummary.scaled(rate, requests, RATE_SCALE),
        wallNs > 0 ? outputTokens / (wallNs / 1e9) : null,
        prefillNs > 0 ? (double) batchSize * promptTokens * requests / (prefillNs / 1e9) : null);
  }
}
