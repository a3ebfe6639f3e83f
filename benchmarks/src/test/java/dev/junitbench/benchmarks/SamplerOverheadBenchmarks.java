package dev.junitbench.benchmarks;

import ai.onnxruntime.OrtException;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Whether the resource sampler disturbs what it measures: MiniLM-int8 (batch 1, real tokenized
 * text, 128 tokens, one intra-op thread) measured with the sampler on at its default interval and
 * off, in rounds of the same JVM alternated on-off-off-on so that drift hits both alike; and the
 * sampler thread's own CPU time. Prints the table; asserts nothing about speed. Tagged {@code
 * self}: it checks the harness, so it stays out of the benchmark command
 * (docs/design/self-benchmarks.adoc gives its own).
 */
@Tag("performance")
@Tag("self")
class SamplerOverheadBenchmarks {

  private static final int PAIRS = 36;
  private static final int WARMUP = 10;
  private static final int ITERATIONS = 60;

  static MiniLmSession miniLm;

  @Test
  void samplerOnAgainstOff() throws Exception {
    try (MiniLmSession session = new MiniLmSession(1)) {
      miniLm = session;
      List<Double> ratios = new ArrayList<>();
      List<Double> samplerCpu = new ArrayList<>();
      long[] onAll = new long[0];
      long[] offAll = new long[0];
      for (int pair = 0; pair < PAIRS; pair++) {
        // on-off, then off-on: neither side always goes first.
        boolean onFirst = pair % 2 == 0;
        ScenarioResult first = round(onFirst);
        ScenarioResult second = round(!onFirst);
        ScenarioResult on = onFirst ? first : second;
        ScenarioResult off = onFirst ? second : first;
        ratios.add(on.latencyMs().median() / off.latencyMs().median());
        samplerCpu.add(on.utilization().samplerCpuPct());
        onAll = Rounds.concat(onAll, on.samplesNs());
        offAll = Rounds.concat(offAll, off.samplesNs());
      }
      System.out.println();
      System.out.println(
          "MiniLM-int8 batch 1, 1 intra-op thread, sequence length 128; sampler on (every 50 ms) and off"
              + " alternated in "
              + PAIRS
              + " pairs of rounds of "
              + ITERATIONS
              + " calls:");
      System.out.println(
          String.format(
              Locale.ROOT,
              "median on %.3f ms, off %.3f ms, ratio of pooled medians %.4f,"
                  + " median of pair ratios %.4f",
              Rounds.median(onAll) / 1e6,
              Rounds.median(offAll) / 1e6,
              Rounds.median(onAll) / Rounds.median(offAll),
              Rounds.median(ratios.stream().mapToDouble(Double::doubleValue).toArray())));
      System.out.println(
          "pair ratios "
              + ratios.stream().map(r -> String.format(Locale.ROOT, "%.3f", r)).toList());
      System.out.println(
          String.format(
              Locale.ROOT,
              "sampler thread CPU: median %.3f%% of one core",
              Rounds.median(samplerCpu.stream().mapToDouble(Double::doubleValue).toArray())));
    }
  }

  private static ScenarioResult round(boolean sampling) {
    List<ScenarioResult> results =
        InnerRun.run(
            Embed.class,
            Map.of(
                "junit.bench.sampling.enabled", String.valueOf(sampling),
                "junit.bench.warmup.iterations", String.valueOf(WARMUP),
                "junit.bench.measurement.iterations", String.valueOf(ITERATIONS)));
    if (results.size() != 1) {
      throw new IllegalStateException("a round measured " + results.size() + " scenarios, not 1");
    }
    return results.get(0);
  }

  /** One round: the model call as a benchmark. */
  static class Embed {
    @Benchmark
    void embed(Blackhole blackhole) throws OrtException {
      blackhole.closeAfterTiming(miniLm.session().run(miniLm.inputs(1)));
    }
  }
}
