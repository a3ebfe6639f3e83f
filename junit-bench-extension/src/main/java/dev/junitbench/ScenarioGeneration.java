package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.LoadScenario;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.TokenRecorder;
import dev.junitbench.stats.TokenTimings;
import java.util.List;

/**
 * A generating scenario's generators and what their requests come to: the generator each worker of
 * a pooled load gets, the requests put back in query order, and the generation figures (and, under
 * Server with token bounds, the goodput) of a measured result.
 */
final class ScenarioGeneration {

  private final String benchmark;
  private final String displayName;
  private final BenchmarkPlan plan;
  private final Scenario scenario;

  ScenarioGeneration(String benchmark, String displayName, BenchmarkPlan plan, Scenario scenario) {
    this.benchmark = benchmark;
    this.displayName = displayName;
    this.plan = plan;
    this.scenario = scenario;
  }

  /**
   * {@code result} with the figures of the requests its generators recorded. Under a pooled load
   * each worker's requests are put back in query order, and their token times shifted by
   * {@code queueNs} (each query's wait between its scheduled time and its start), so that under
   * Server a request's time to first token runs from its scheduled arrival, queueing included.
   */
  ScenarioResult withGeneration(ScenarioResult result, Generator generator, TokenRecorder recorder, long wallNs,
      long[] queueNs, List<Worker> workers) {
    int n = generator.newTokens();
    long[] own = workers.isEmpty() ? recorder.times() : pooledTokens(n, null, workers);
    if (own.length == 0) {
      throw new BenchmarkConfigurationException(benchmark + " " + displayName + ": the benchmark never called"
          + " Generator.generate() while it was measured; call it once per iteration");
    }
    // Under Server a request's tokens count from its scheduled arrival (TTFT and end-to-end include the
    // wait); the model's own rates (prefill and per request) from when it really started.
    long[] tokenNs = workers.isEmpty() ? own : pooledTokens(n, queueNs, workers);
    int requests = tokenNs.length / n;
    TokenTimings timings = TokenTimings.of(tokenNs, requests, n, generator.batchSize(), generator.promptTokens(),
        wallNs);
    TokenTimings unqueued = tokenNs == own ? timings
        : TokenTimings.of(own, requests, n, generator.batchSize(), generator.promptTokens(), wallNs);
    GenerationFigures figures = new GenerationFigures(timings.promptTokens(), n, timings.batchSize(),
        generator.promptSource(), requests, timings.ttftMs(), timings.tpotMs(), timings.itlMs(), timings.e2eMs(),
        unqueued.requestTokensPerSecond(), timings.outputTokensPerSecond(), unqueued.prefillTokensPerSecond());
    ScenarioResult withTokens = result.withGeneration(figures, tokenNs);
    BenchmarkPlan.LoadPlan loadPlan = plan.load();
    boolean server = result.load() != null && LoadScenario.SERVER.id().equals(result.load().scenario());
    if (server && (loadPlan.ttftBoundMs() != null || loadPlan.tpotBoundMs() != null)) {
      return withTokens.withLoad(result.load().withGoodput(goodput(tokenNs, requests, n, loadPlan, wallNs)),
          result.throughput());
    }
    return withTokens;
  }

  /**
   * MLPerf's LLM rule: the requests whose TTFT and TPOT both meet their bounds, and whether each
   * bound holds at the latency bound's percentile (p99 without one) at 99% confidence, as the
   * latency bound does.
   */
  static dev.junitbench.results.LoadFigures.Goodput goodput(long[] tokenNs, int requests, int n,
      BenchmarkPlan.LoadPlan loadPlan, long wallNs) {
    long good = 0;
    long[] ttfts = new long[requests];
    long[] tpots = new long[requests];
    for (int r = 0; r < requests; r++) {
      ttfts[r] = tokenNs[r * n];
      tpots[r] = n > 1 ? Math.round((tokenNs[r * n + n - 1] - tokenNs[r * n]) / (double) (n - 1)) : 0;
      boolean ttftOk = loadPlan.ttftBoundMs() == null || ttfts[r] / 1e6 <= loadPlan.ttftBoundMs();
      boolean tpotOk = loadPlan.tpotBoundMs() == null || n == 1 || tpots[r] / 1e6 <= loadPlan.tpotBoundMs();
      if (ttftOk && tpotOk) {
        good++;
      }
    }
    double percentile = loadPlan.latencyBound() == null ? 0.99 : loadPlan.latencyBound().percentile();
    String p = "p" + new java.math.BigDecimal(String.valueOf(percentile * 100)).stripTrailingZeros().toPlainString();
    dev.junitbench.results.LoadFigures.BoundCheck ttft = loadPlan.ttftBoundMs() == null ? null
        : dev.junitbench.results.LoadFigures.BoundCheck.of(ttfts, "TTFT " + p + " <= "
            + dev.junitbench.results.UnitFormat.duration(loadPlan.ttftBoundMs()), percentile, loadPlan.ttftBoundMs());
    dev.junitbench.results.LoadFigures.BoundCheck tpot = loadPlan.tpotBoundMs() == null || n == 1 ? null
        : dev.junitbench.results.LoadFigures.BoundCheck.of(tpots, "TPOT " + p + " <= "
            + dev.junitbench.results.UnitFormat.duration(loadPlan.tpotBoundMs()), percentile, loadPlan.tpotBoundMs());
    return dev.junitbench.results.LoadFigures.Goodput.of(loadPlan.ttftBoundMs(), loadPlan.tpotBoundMs(), good,
        requests, requests == 0 ? 0 : good / (double) requests, wallNs > 0 ? good / (wallNs / 1e9) : null, ttft,
        tpot);
  }

  /**
   * The token times of every worker's requests in query order: worker w ran the queries
   * {@code order[w]} in that order, one recorded request each; each request's times are shifted by
   * its query's wait in the queue.
   */
  private long[] pooledTokens(int n, long[] queueNs, List<Worker> workers) {
    int queries = 0;
    for (Worker worker : workers) {
      if (worker.recorder().requests() != worker.queries().length) {
        throw new BenchmarkConfigurationException(benchmark + " " + displayName + ": a worker ran "
            + worker.queries().length + " queries but made " + worker.recorder().requests() + " requests; under a"
            + " load each query must call Generator.generate() exactly once");
      }
      queries += worker.queries().length;
    }
    long[] all = new long[queries * n];
    for (Worker worker : workers) {
      long[] times = worker.recorder().times();
      int[] order = worker.queries();
      for (int k = 0; k < order.length; k++) {
        int query = order[k];
        long wait = queueNs == null ? 0 : queueNs[query];
        for (int t = 0; t < n; t++) {
          all[query * n + t] = times[k * n + t] + wait;
        }
      }
    }
    return all;
  }

  /** A worker's own generator and recorder under a pooled load, and the queries it ran, in order. */
  static final class Worker implements AutoCloseable {
    private final Generator generator;
    private final TokenRecorder recorder;
    private final AutoCloseable owned;
    private int[] queries = new int[0];

    Worker(Generator generator, TokenRecorder recorder, AutoCloseable owned) {
      this.generator = generator;
      this.recorder = recorder;
      this.owned = owned;
    }

    Generator generator() {
      return generator;
    }

    TokenRecorder recorder() {
      return recorder;
    }

    int[] queries() {
      return queries;
    }

    void ran(int[] inOrder) {
      queries = inOrder;
    }

    @Override
    public void close() {
      if (owned != null) {
        try {
          owned.close();
        } catch (Exception e) {
          // Closing frees native buffers; the measurement is already complete.
        }
      }
    }
  }

  /** Requests a recorder makes room for at first: the measurement's iterations, at least 256, at most 65536. */
  int expectedRequests() {
    return (int) Math.max(256, Math.min(1 << 16, plan.measurement().iterations()));
  }

  /** How messages name the annotation, the scenario and the model: {@code @Generate of fqcn#m [..], model 'id'}. */
  String what(StoredModel stored) {
    return "@Generate of " + benchmark + " " + displayName + ", model '" + stored.info().id() + "'";
  }

  /** A generator of {@code stored} for this scenario writing to {@code tokens}; {@code role} names it in errors. */
  Generator make(StoredModel stored, TokenRecorder tokens, String role) {
    BenchmarkPlan.Generation generation = plan.generation();
    String what = what(stored);
    try {
      return stored.opened().generator(new GenerationRequest(what, scenario.batchSize(), generation.promptTokens(),
          generation.tokens(), generation.seed(), tokens));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(what + ": making " + role + " failed: " + e.getMessage(), e);
    }
  }

  /** A generator of this scenario's model for one more worker, with its own recorder. */
  Worker newWorker(StoredModel opened, int workers) throws Exception {
    TokenRecorder tokens = new TokenRecorder(plan.generation().tokens(), expectedRequests() / workers + 16);
    String what = what(opened);
    Generator made = make(opened, tokens, "the generator of another worker");
    Worker worker = new Worker(made, tokens, made instanceof AutoCloseable closeable ? closeable : null);
    try {
      // Its first request, untimed and not kept (warm-up runs on the first worker only).
      made.generate();
    } catch (Exception | Error e) {
      worker.close();
      throw new IllegalStateException(what + ": the first request of another worker's generator failed (" + e
          + "); check that the model can run " + workers + " requests at once", e);
    }
    return worker;
  }
}
