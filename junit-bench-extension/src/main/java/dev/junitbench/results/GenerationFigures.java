package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.TokenTimings;
import org.apiguardian.api.API;

/**
 * The speed of text generation of one scenario, from the time of every token (tokens.csv), as
 * vLLM's {@code bench serve}, AIPerf and MLPerf LoadGen define it: see {@link TokenTimings}.
 *
 * @param promptTokens prompt tokens per sequence (L)
 * @param newTokens new tokens per sequence and request (N)
 * @param batchSize sequences per request (B)
 * @param prompt where the prompt came from: text and its tokenizer, or seeded token ids
 * @param requests measured requests
 * @param ttftMs time to first token: request start to the first token, per request
 * @param tpotMs time per output token: (end-to-end - TTFT) / (N - 1), per request; null when N = 1
 * @param itlMs inter-token latency: every gap between consecutive tokens, pooled; null when N = 1
 * @param e2eMs end-to-end latency: request start to its last token
 * @param requestOutputTokensPerS output tokens per second of each request: B x N / end-to-end
 * @param outputTokensPerS output tokens of all requests over the measurement's wall time
 * @param prefillTokensPerS prompt tokens of all requests over their summed times to first token
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GenerationFigures(
    int promptTokens,
    int newTokens,
    int batchSize,
    String prompt,
    int requests,
    LatencySummary ttftMs,
    LatencySummary tpotMs,
    LatencySummary itlMs,
    LatencySummary e2eMs,
    LatencySummary requestOutputTokensPerS,
    Double outputTokensPerS,
    Double prefillTokensPerS) {

  /** The figures of {@code timings}, whose prompt came from {@code prompt}. */
  public static GenerationFigures of(TokenTimings timings, String prompt) {
    return new GenerationFigures(
        timings.promptTokens(),
        timings.tokensPerRequest(),
        timings.batchSize(),
        prompt,
        timings.requests(),
        timings.ttftMs(),
        timings.tpotMs(),
        timings.itlMs(),
        timings.e2eMs(),
        timings.requestTokensPerSecond(),
        timings.outputTokensPerSecond(),
        timings.prefillTokensPerSecond());
  }
}
