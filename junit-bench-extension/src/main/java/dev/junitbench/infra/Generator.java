package dev.junitbench.infra;

import static org.apiguardian.api.API.Status.MAINTAINED;

import org.apiguardian.api.API;

/**
 * Text generation with a model, for one scenario's batch, injected into a parameter of a benchmark
 * method annotated {@link dev.junitbench.Generate} beside its {@link dev.junitbench.Model}
 * parameter. Each call of {@link #generate()} is one request: the prompt is run (prefill), then one
 * decode step per further token, each reusing the cache of the steps before, and the time of every
 * token is recorded with no allocation between the clock reads. Closed by junit-bench.
 *
 * @since 0.1.0
 */
@API(status = MAINTAINED, since = "0.1")
public interface Generator {

  /**
   * Generates {@link #newTokens()} tokens greedily for every sequence of the batch.
   *
   * @throws Exception what the runtime throws; the scenario fails with it
   */
  void generate() throws Exception;

  /** Sequences per request. */
  int batchSize();

  /** Prompt tokens per sequence. */
  int promptTokens();

  /** New tokens per sequence and request. */
  int newTokens();

  /**
   * Where the prompt came from: text tokenized by the model's tokenizer, or seeded random token
   * ids.
   */
  String promptSource();

  /**
   * The tokens the last request generated, sequence after sequence ({@code batchSize x newTokens}
   * ids), a copy; empty before the first request.
   */
  long[] lastTokens();
}
