package dev.junitbench.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Param;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * How much the harness adds to what it measures: the median junit-bench reports for MiniLM-int8
 * (batch 1 and 8, real tokenized text, 128 tokens, one intra-op thread) against a bare {@code
 * nanoTime} loop over the same {@code OrtSession} and inputs, in the same JVM, alternated call by
 * call: after each timed call of the benchmark, outside its timing (in the close that {@code
 * Blackhole.closeAfterTiming} runs), one call of the bare loop is timed. Both sides see the same
 * machine at the same moments, so drift and neighbours' load hit them alike. Prints the table;
 * asserts nothing about speed. Tagged {@code self}: it checks the harness, so it stays out of the
 * benchmark command (docs/design/self-benchmarks.adoc gives its own).
 */
@Tag("performance")
@Tag("self")
class HarnessFidelityBenchmarks {

  private static final int ROUNDS = 5;
  private static final int WARMUP = 10;
  private static final Map<Integer, Integer> ITERATIONS = Map.of(1, 200, 8, 40);
  private static final int[] BATCHES = {1, 8};

  static MiniLmSession miniLm;

  /**
   * The bare loop's samples of the round running now; the last measured-count entries are the
   * measured ones.
   */
  static long[] bare;

  static int bareCount;
  static final Map<Integer, List<long[]>> bareRounds = new HashMap<>();

  @Test
  void harnessAgainstBareLoop() throws Exception {
    try (MiniLmSession session = new MiniLmSession(BATCHES)) {
      miniLm = session;
      List<ScenarioResult> measured = new ArrayList<>();
      for (int batch : BATCHES) {
        List<ScenarioResult> rounds =
            InnerRun.run(
                HarnessSide.class,
                Map.of(
                    "junit.bench.batch-sizes", String.valueOf(batch),
                    "junit.bench.warmup.iterations", String.valueOf(WARMUP),
                    "junit.bench.measurement.iterations", String.valueOf(ITERATIONS.get(batch))));
        if (rounds.size() != ROUNDS || bareRounds.get(batch).size() != ROUNDS) {
          throw new IllegalStateException(
              "the harness side measured "
                  + rounds.size()
                  + " rounds of batch "
                  + batch
                  + ", not "
                  + ROUNDS);
        }
        measured.addAll(rounds);
      }
      print(measured);
    }
  }

  private static void print(List<ScenarioResult> measured) {
    System.out.println();
    System.out.println(
        "MiniLM-int8, 1 intra-op thread, sequence length 128; harness and bare loop alternated call by"
            + " call, "
            + ROUNDS
            + " rounds:");
    System.out.println(
        "batch  calls/side  harness median (ms)  bare median (ms)   ratio  round ratios");
    for (int batch : BATCHES) {
      List<ScenarioResult> rounds =
          measured.stream().filter(r -> r.params().get("batch_size").equals(batch)).toList();
      List<long[]> bareSamples = bareRounds.get(batch);
      List<String> roundRatios = new ArrayList<>();
      long[] harnessAll = new long[0];
      long[] bareAll = new long[0];
      for (int round = 0; round < rounds.size(); round++) {
        long[] harness = rounds.get(round).samplesNs();
        long[] bareRound = bareSamples.get(round);
        roundRatios.add(
            String.format(Locale.ROOT, "%.3f", Rounds.median(harness) / Rounds.median(bareRound)));
        harnessAll = Rounds.concat(harnessAll, harness);
        bareAll = Rounds.concat(bareAll, bareRound);
      }
      System.out.println(
          String.format(
              Locale.ROOT,
              "%5d  %10d  %19.3f  %16.3f  %6.3f  %s",
              batch,
              harnessAll.length,
              Rounds.median(harnessAll) / 1e6,
              Rounds.median(bareAll) / 1e6,
              Rounds.median(harnessAll) / Rounds.median(bareAll),
              roundRatios));
    }
  }

  /**
   * One call of the loop anyone would write: time the call, close the result outside the timed
   * region.
   */
  private static void bareCall(Map<String, OnnxTensor> tensors) throws OrtException {
    long t0 = System.nanoTime();
    OrtSession.Result result = miniLm.session().run(tensors);
    long t1 = System.nanoTime();
    result.close();
    bare[bareCount++] = t1 - t0;
  }

  /**
   * The harness's side: the bare loop's body as a benchmark over the same session and inputs. Each
   * scenario is one round. What it hands to {@code closeAfterTiming} closes the result and then
   * times one bare call, after the harness's clock stopped and before its next iteration.
   */
  static class HarnessSide {
    @BeforeEach
    void newRound(Scenario scenario) {
      bare = new long[WARMUP + ITERATIONS.get(scenario.batchSize())];
      bareCount = 0;
    }

    /**
     * Keeps the bare calls that followed the measured ones (the first WARMUP followed the warm-up).
     */
    @AfterEach
    void endRound(Scenario scenario) {
      bareRounds
          .computeIfAbsent(scenario.batchSize(), k -> new ArrayList<>())
          .add(
              Arrays.copyOfRange(
                  bare, bareCount - ITERATIONS.get(scenario.batchSize()), bareCount));
    }

    @Benchmark
    @BatchSizes({1, 8})
    @Param(
        name = "round",
        values = {"1", "2", "3", "4", "5"})
    void embed(Scenario scenario, Blackhole blackhole) throws OrtException {
      Map<String, OnnxTensor> tensors = miniLm.inputs(scenario.batchSize());
      OrtSession.Result result = miniLm.session().run(tensors);
      blackhole.closeAfterTiming(
          () -> {
            result.close();
            bareCall(tensors);
          });
    }
  }
}
