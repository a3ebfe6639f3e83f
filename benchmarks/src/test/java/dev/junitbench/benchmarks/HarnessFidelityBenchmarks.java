package dev.junitbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.Scenario;
import dev.junitbench.model.ModelSource;
import dev.junitbench.model.Tokenization;
import dev.junitbench.results.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * How much the harness adds to what it measures: the median junit-bench reports for MiniLM-int8
 * (batch 1 and 8, real tokenized text, 128 tokens) against a bare {@code nanoTime} loop over the
 * same {@code OrtSession} and inputs, in the same JVM, alternated round by round so drift hits
 * both alike. Prints the table; asserts nothing about speed. Tagged {@code self}: it checks the
 * harness, so it stays out of the benchmark command (the README gives its own).
 */
@Tag("performance")
@Tag("self")
class HarnessFidelityBenchmarks {

  private static final int ROUNDS = 7;
  private static final int ITERATIONS = 40;
  private static final int WARMUP = 10;

  private static final int[] BATCHES = {1, 8};

  static OrtSession session;
  static final Map<Integer, Map<String, OnnxTensor>> inputs = new HashMap<>();
  static final Map<Integer, List<Double>> bareMedians = new HashMap<>();

  @Test
  void harnessAgainstBareLoop() throws Exception {
    OrtEnvironment environment = OrtEnvironment.getEnvironment();
    ClassLoader loader = getClass().getClassLoader();
    byte[] model = ModelSource.resolve("classpath:all-minilm-l6-v2-q.onnx", loader, "fidelity").readAllBytes();
    ModelSource tokenizer = ModelSource.resolve("classpath:all-minilm-l6-v2-q-tokenizer.json", loader, "fidelity");
    try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
      // One intra-op thread: on a 2-core machine a second one competes with the JVM's own threads
      // (JIT, GC) and the noise would hide what is being compared.
      options.setIntraOpNumThreads(1);
      session = environment.createSession(model, options);
      for (int batch : BATCHES) {
        inputs.put(batch, tensors(environment, Tokenization.encode(tokenizer, batch, 128, "fidelity"), batch));
      }
      List<ScenarioResult> measured = runHarnessSide();
      System.out.println();
      System.out.println("MiniLM-int8, 1 intra-op thread, sequence length 128, medians of " + ROUNDS
          + " alternated rounds of " + ITERATIONS + " iterations:");
      System.out.println("batch  harness (ms)  bare (ms)     ratio");
      for (int batch : BATCHES) {
        double harness = median(measured.stream().filter(r -> r.params().get("batch_size").equals(batch))
            .mapToDouble(r -> r.latencyMs().median()).toArray());
        double bare = median(bareMedians.get(batch).stream().mapToDouble(Double::doubleValue).toArray());
        System.out.println(String.format(Locale.ROOT, "%5d  %12.3f  %12.3f  %6.3f", batch, harness, bare,
            harness / bare));
      }
    } finally {
      inputs.values().forEach(tensors -> tensors.values().forEach(OnnxTensor::close));
      if (session != null) {
        session.close();
      }
    }
  }

  private static Map<String, OnnxTensor> tensors(OrtEnvironment environment, Map<String, long[]> arrays, int batch)
      throws OrtException {
    Map<String, OnnxTensor> tensors = new HashMap<>();
    for (Map.Entry<String, long[]> array : arrays.entrySet()) {
      tensors.put(array.getKey(), OnnxTensor.createTensor(environment, LongBuffer.wrap(array.getValue()),
          new long[] {batch, 128}));
    }
    return tensors;
  }

  /** The loop anyone would write: time the call, close the result outside the timed region. */
  private static double bareMedianMs(Map<String, OnnxTensor> inputs) throws OrtException {
    for (int i = 0; i < WARMUP; i++) {
      session.run(inputs).close();
    }
    long[] samples = new long[ITERATIONS];
    for (int i = 0; i < ITERATIONS; i++) {
      long t0 = System.nanoTime();
      OrtSession.Result result = session.run(inputs);
      long t1 = System.nanoTime();
      result.close();
      samples[i] = t1 - t0;
    }
    Arrays.sort(samples);
    return (samples[ITERATIONS / 2 - 1] + samples[ITERATIONS / 2]) / 2.0 / 1e6;
  }

  /** Runs {@link HarnessSide} once through the Launcher and returns what the harness measured. */
  private static List<ScenarioResult> runHarnessSide() {
    LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
        .selectors(selectClass(HarnessSide.class))
        .enableImplicitConfigurationParameters(false)
        .configurationParameter("junit.bench.progress", "false")
        .configurationParameter("junit.bench.warmup.iterations", String.valueOf(WARMUP))
        .configurationParameter("junit.bench.measurement.iterations", String.valueOf(ITERATIONS))
        .build();
    List<ScenarioResult> results = new ArrayList<>();
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build())
          .execute(request, new TestExecutionListener() {
            @Override
            public void executionFinished(TestIdentifier identifier,
                org.junit.platform.engine.TestExecutionResult result) {
              ScenarioResult scenario = ResultExchange.take(identifier.getUniqueId());
              if (scenario != null && scenario.latencyMs() != null) {
                results.add(scenario);
              }
            }
          });
    }
    if (results.size() != ROUNDS * BATCHES.length) {
      throw new IllegalStateException("the harness side measured " + results.size() + " scenarios, not "
          + ROUNDS * BATCHES.length);
    }
    return results;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  /**
   * The harness's side: the bare loop's body as a benchmark over the same session and inputs. Each
   * scenario is one round: its {@code @BeforeEach} first runs the bare loop, then the harness
   * measures, so the two alternate inside one JVM and one test plan.
   */
  static class HarnessSide {
    @BeforeEach
    void bareLoopFirst(Scenario scenario) throws OrtException {
      bareMedians.computeIfAbsent(scenario.batchSize(), k -> new ArrayList<>())
          .add(bareMedianMs(inputs.get(scenario.batchSize())));
    }

    @Benchmark
    @BatchSizes({1, 8})
    @Param(name = "round", values = {"1", "2", "3", "4", "5", "6", "7"})
    void embed(Scenario scenario, Blackhole blackhole) throws OrtException {
      blackhole.closeAfterTiming(session.run(inputs.get(scenario.batchSize())));
    }
  }
}
