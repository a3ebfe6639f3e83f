package dev.junitbench.generation;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Generator;
import dev.junitbench.model.binding.LoadedModel;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.TokenRecorder;
import dev.junitbench.stats.TokenTimings;
import java.util.Arrays;
import java.util.List;

/**
 * A generating scenario's generators and what their requests come to: the generator of the test
 * thread and of each further worker of a pooled load, each with its own recorder, the requests put
 * back in query order, and the generation figures of a measured result.
 */
public final class GenerationWorkers {

  private final String subject;
  private final GenerationPlan plan;
  private final int batchSize;
  private final long measurementIterations;

  /**
   * The generators of the scenario {@code subject} ({@code fqcn#method [display name]}) of batch
   * size {@code batchSize}, whose measurement runs at least {@code measurementIterations}.
   */
  public GenerationWorkers(
      String subject, GenerationPlan plan, int batchSize, long measurementIterations) {
    this.subject = subject;
    this.plan = plan;
    this.batchSize = batchSize;
    this.measurementIterations = measurementIterations;
  }

  /**
   * {@code result} with the figures of the requests its generators recorded. Under a pooled load
   * each worker's requests are put back in query order, and their token times shifted by {@code
   * queueNs} (each query's wait between its scheduled time and its start), so that under Server a
   * request's time to first token runs from its scheduled arrival, queueing included.
   */
  public ScenarioResult withGeneration(
      ScenarioResult result,
      Generator generator,
      TokenRecorder recorder,
      long wallNs,
      long[] queueNs,
      List<Worker> workers) {
    int n = generator.newTokens();
    long[] own = workers.isEmpty() ? recorder.times() : pooledTokens(n, null, workers);
    if (own.length == 0) {
      throw new BenchmarkConfigurationException(
          subject
              + ": the benchmark never called"
              + " Generator.generate() while it was measured; call it once per iteration");
    }
    // Under Server a request's tokens count from its scheduled arrival (TTFT and end-to-end include
    // the
    // wait); the model's own rates (prefill and per request) from when it really started.
    long[] tokenNs = workers.isEmpty() ? own : pooledTokens(n, queueNs, workers);
    int requests = tokenNs.length / n;
    TokenTimings timings =
        TokenTimings.of(
            tokenNs, requests, n, generator.batchSize(), generator.promptTokens(), wallNs);
    TokenTimings unqueued =
        tokenNs == own
            ? timings
            : TokenTimings.of(
                own, requests, n, generator.batchSize(), generator.promptTokens(), wallNs);
    GenerationFigures figures =
        new GenerationFigures(
            timings.promptTokens(),
            n,
            timings.batchSize(),
            generator.promptSource(),
            requests,
            timings.ttftMs(),
            timings.tpotMs(),
            timings.itlMs(),
            timings.e2eMs(),
            unqueued.requestTokensPerSecond(),
            timings.outputTokensPerSecond(),
            unqueued.prefillTokensPerSecond());
    return result.withGeneration(figures, tokenNs);
  }

  /**
   * The token times of every worker's requests in query order: worker w ran the queries {@code
   * order[w]} in that order, one recorded request each; each request's times are shifted by its
   * query's wait in the queue.
   */
  private long[] pooledTokens(int n, long[] queueNs, List<Worker> workers) {
    int queries = 0;
    for (Worker worker : workers) {
      if (worker.recorder().requests() != worker.queries().length) {
        throw new BenchmarkConfigurationException(
            subject
                + ": a worker ran "
                + worker.queries().length
                + " queries but made "
                + worker.recorder().requests()
                + " requests; under a"
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

  /**
   * Tells each worker which queries it ran, in order ({@code workerOf[i]} ran query i), so its
   * requests can be put back in query order; returns each query's wait in the queue: under Server
   * ({@code serverLatencyNs} not null) its latency less its service time, else 0.
   */
  public static long[] putInQueryOrder(
      List<Worker> workers, int[] workerOf, long[] serverLatencyNs, long[] serviceNs) {
    int count = workers.size();
    long[] queue = new long[workerOf.length];
    int[] next = new int[count];
    for (int worker : workerOf) {
      next[worker]++;
    }
    int[][] order = new int[count][];
    for (int w = 0; w < count; w++) {
      order[w] = new int[next[w]];
    }
    Arrays.fill(next, 0);
    for (int i = 0; i < workerOf.length; i++) {
      order[workerOf[i]][next[workerOf[i]]++] = i;
      queue[i] = serverLatencyNs == null ? 0 : serverLatencyNs[i] - serviceNs[i];
    }
    for (int w = 0; w < count; w++) {
      workers.get(w).ran(order[w]);
    }
    return queue;
  }

  /**
   * A worker's own generator and recorder under a pooled load, and the queries it ran, in order.
   */
  public static final class Worker implements AutoCloseable {
    private final Generator generator;
    private final TokenRecorder recorder;
    private final AutoCloseable owned;
    private int[] queries = new int[0];

    /**
     * A worker's {@code generator} writing to {@code recorder}; {@code owned}, closed with it, may
     * be null.
     */
    public Worker(Generator generator, TokenRecorder recorder, AutoCloseable owned) {
      this.generator = generator;
      this.recorder = recorder;
      this.owned = owned;
    }

    public Generator generator() {
      return generator;
    }

    public TokenRecorder recorder() {
      return recorder;
    }

    int[] queries() {
      return queries;
    }

    /** The queries this worker ran, in the order it ran them. */
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

  /**
   * Requests a recorder makes room for at first: the measurement's iterations, at least 256, at
   * most 65536.
   */
  public int expectedRequests() {
    return (int) Math.max(256, Math.min(1 << 16, measurementIterations));
  }

  /**
   * How messages name the annotation, the scenario and the model: {@code @Generate of fqcn#m [..],
   * model 'id'}.
   */
  public String what(LoadedModel stored) {
    return "@Generate of " + subject + ", model '" + stored.info().id() + "'";
  }

  /**
   * A generator of {@code stored} for this scenario writing to {@code tokens}; {@code role} names
   * it in errors.
   */
  public Generator make(LoadedModel stored, TokenRecorder tokens, String role) {
    String what = what(stored);
    try {
      return stored
          .opened()
          .generator(
              new GenerationRequest(
                  what, batchSize, plan.promptTokens(), plan.tokens(), plan.seed(), tokens));
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(what + ": making " + role + " failed: " + e.getMessage(), e);
    }
  }

  /** A generator of this scenario's model for one more worker, with its own recorder. */
  public Worker newWorker(LoadedModel opened, int workers) throws Exception {
    TokenRecorder tokens = new TokenRecorder(plan.tokens(), expectedRequests() / workers + 16);
    String what = what(opened);
    Generator made = make(opened, tokens, "the generator of another worker");
    Worker worker =
        new Worker(made, tokens, made instanceof AutoCloseable closeable ? closeable : null);
    try {
      // Its first request, untimed and not kept (warm-up runs on the first worker only).
      made.generate();
    } catch (Exception | Error e) {
      worker.close();
      throw new IllegalStateException(
          what
              + ": the first request of another worker's generator failed ("
              + e
              + "); check that the model can run "
              + workers
              + " requests at once",
          e);
    }
    return worker;
  }
}
