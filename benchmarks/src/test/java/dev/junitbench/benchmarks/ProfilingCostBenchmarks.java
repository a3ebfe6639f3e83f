package dev.junitbench.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.profile.FlameGraphs;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.profile.Stacks;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What a {@code cpu} profile costs the scenario it records: MiniLM-int8 batch 1 (128 tokens, one
 * intra-op thread) measured through the harness without and with {@code junit.bench.profile=cpu} at
 * the default interval, round after round in one JVM on one session, so both sides see the machine
 * alike; then how long the flame graph of a 10 s profile takes to write (reading the JFR, writing
 * the HTML, as the run folder's writer does). Prints the table; asserts nothing about speed. Tagged
 * {@code self}: it checks the harness (docs/design/self-benchmarks.adoc gives its command).
 */
@Tag("performance")
@Tag("self")
class ProfilingCostBenchmarks {

  private static final int ROUNDS = 6;
  private static final String ITERATIONS = "300";

  static MiniLmSession miniLm;

  @Test
  void cpuProfileAgainstNone() throws Exception {
    try (MiniLmSession session = new MiniLmSession(1)) {
      miniLm = session;
      List<double[]> rounds = new ArrayList<>();
      for (int round = 0; round < ROUNDS; round++) {
        // Alternate which side goes first, so a drift within a round favours neither.
        boolean profiledFirst = round % 2 == 1;
        double first = median(profiledFirst ? "cpu" : null);
        double second = median(profiledFirst ? null : "cpu");
        rounds.add(profiledFirst ? new double[] {second, first} : new double[] {first, second});
      }
      ScenarioResult tenSeconds =
          only(
              InnerRun.run(
                  Embed.class,
                  Map.of(
                      "junit.bench.profile", "cpu",
                      "junit.bench.warmup.iterations", "10",
                      "junit.bench.measurement.iterations", "1",
                      "junit.bench.measurement.time", "10s")));
      print(rounds, tenSeconds);
    }
  }

  private static double median(String profile) {
    Map<String, String> config = new HashMap<>();
    config.put("junit.bench.warmup.iterations", "20");
    config.put("junit.bench.measurement.iterations", ITERATIONS);
    if (profile != null) {
      config.put("junit.bench.profile", profile);
    }
    ScenarioResult result = only(InnerRun.run(Embed.class, config));
    if (profile != null && (result.profile() == null || result.profile().jfr().isEmpty())) {
      throw new IllegalStateException("the profiled side recorded no profile: " + result.profile());
    }
    deleteProfiles(result.profile());
    return result.latencyMs().median();
  }

  private static ScenarioResult only(List<ScenarioResult> results) {
    if (results.size() != 1) {
      throw new IllegalStateException("expected one measured scenario, got " + results.size());
    }
    return results.get(0);
  }

  private static void print(List<double[]> rounds, ScenarioResult tenSeconds) throws Exception {
    System.out.println();
    System.out.println(
        "MiniLM-int8, batch 1, 1 intra-op thread, sequence length 128; without and with a cpu"
            + " profile (10 ms), "
            + ROUNDS
            + " rounds of "
            + ITERATIONS
            + " calls a side:");
    System.out.println("round  none median (ms)  cpu median (ms)   ratio");
    double[] ratios = new double[rounds.size()];
    for (int i = 0; i < rounds.size(); i++) {
      double[] pair = rounds.get(i);
      ratios[i] = pair[1] / pair[0];
      System.out.println(
          String.format(
              Locale.ROOT, "%5d  %16.3f  %15.3f  %6.3f", i + 1, pair[0], pair[1], ratios[i]));
    }
    System.out.println(
        String.format(Locale.ROOT, "median of the round ratios: %.3f", Rounds.median(ratios)));

    ProfileFigures profile = tenSeconds.profile();
    List<Path> files = profile.jfr().stream().map(Path::of).toList();
    long started = System.nanoTime();
    Stacks stacks = FlameGraphs.read(ProfileKind.CPU, files);
    Path html = Files.createTempFile("junit-bench-profile-cost", ".html");
    FlameGraphs.writeHtml(ProfileKind.CPU, stacks, "10 s of MiniLM-int8", html);
    double writeMs = (System.nanoTime() - started) / 1e6;
    System.out.println(
        String.format(
            Locale.ROOT,
            "a %.1f s cpu profile (%s, %d samples, %d kB JFR): flame graph written in %.0f ms",
            tenSeconds.measurement().timeMs() / 1000,
            profile.event(),
            stacks.total(),
            Files.size(files.get(0)) / 1024,
            writeMs));
    Files.deleteIfExists(html);
    deleteProfiles(profile);
  }

  private static void deleteProfiles(ProfileFigures profile) {
    if (profile == null) {
      return;
    }
    for (String file : profile.jfr()) {
      try {
        Files.deleteIfExists(Path.of(file));
      } catch (IOException e) {
        // A temporary file left behind costs nothing.
      }
    }
  }

  /** The scenario both sides measure: one embedding of one sentence. */
  static class Embed {
    @Benchmark
    @BatchSizes(1)
    void embed(Blackhole blackhole) throws OrtException {
      Map<String, OnnxTensor> tensors = miniLm.inputs(1);
      OrtSession.Result result = miniLm.session().run(tensors);
      blackhole.closeAfterTiming(result);
    }
  }
}
