package dev.junitbench.reports.html;

import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;

import dev.junitbench.reports.Fixtures;
import dev.junitbench.reports.WarmupFixtures;
import dev.junitbench.results.AdaptiveForks;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.ForkRun;
import dev.junitbench.results.GenerationFigures;
import dev.junitbench.results.LoadFigures;
import dev.junitbench.results.LoadFigures.BoundCheck;
import dev.junitbench.results.LoadFigures.Peak;
import dev.junitbench.results.LoadFigures.Probe;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.Phase;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Throughput;
import dev.junitbench.stats.ForkAdvice;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.stats.TokenTimings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;

/**
 * Runs for the report's tests: two backends of one model, batch sizes, a hostile param, aborted
 * scenarios; and a run with forked scenarios.
 */
final class ReportRuns {

  static final String HOSTILE = "<img src=x onerror=alert(1)>";
  static final String SCRIPT = "</script><script>window.pwned=1</script>";
  static final String ORT = "com.example.TextBenchmarks#miniLm";
  static final String DJL = "com.example.TextBenchmarks#miniLmDjl";
  static final String HOST = "<b>bench-host</b>";
  static final String FORKED = "com.example.ForkedBenchmarks#embed";
  static final String ADVICE = "between-fork variance dominates: more forks, not more iterations";
  static final String NO_ADVICE =
      "no count within reach gets there: the forks differ too much " + HOSTILE;

  /**
   * The fork medians' targets (ns) of the first forked scenario; the second's are 1.5 times these,
   * its fork 3 failed.
   */
  static final double[] FORK_MEDIANS_NS = {1.00e6, 1.05e6, 0.97e6, 1.10e6, 1.02e6};

  private ReportRuns() {}

  static ScenarioResult model(ScenarioResult result, String backend) {
    return result.withModel(
        new ModelInfo(
            "all-minilm-l6-v2-q", backend, "onnx", "classpath:model.onnx", 1000L, 12.0, 3.0, null));
  }

  /**
   * The current run; {@code slower} stretches the latencies of the ONNX Runtime batch 8 scenario.
   */
  static Path current(Path parent, String name, double slower) {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 1;
    for (int batch : new int[] {1, 8, 32}) {
      for (String mode : new String[] {"eager", "optimized"}) {
        double factor = batch == 8 && mode.equals("eager") ? slower : 1;
        Map<String, Object> ort =
            params("batch_size", batch, "mode", mode, "backend", "onnxruntime", "provider", "cpu");
        // The Java heap of 1016 bytes per item per call: 60 calls, on the test thread.
        results.add(
            model(
                    passed(
                        ORT,
                        ort,
                        seed++,
                        60,
                        1e6 * batch * factor * (mode.equals("eager") ? 1.2 : 1)),
                    "onnxruntime")
                .withAlloc(AllocationFigures.of(1016L * batch * 60, 60, 1, 0L, 0.0, 0.0, null)));
        Map<String, Object> djl =
            params("batch_size", batch, "mode", mode, "backend", "djl", "engine", "OnnxRuntime");
        results.add(
            model(
                passed(DJL, djl, seed++, 60, 1.1e6 * batch * (mode.equals("eager") ? 1.2 : 1)),
                "djl"));
      }
    }
    results.add(
        passed(
            "com.example.Hostile#run", params("payload", HOSTILE, "batch_size", 1), 99, 30, 2e5));
    results.add(
        passed("com.example.Hostile#run", params("payload", SCRIPT, "batch_size", 2), 98, 30, 3e5));
    for (int batch : new int[] {1, 8}) {
      Map<String, Object> cuda = new LinkedHashMap<>(params("batch_size", batch));
      cuda.put("device", "cuda");
      results.add(
          RunFolders.ended(
              ORT,
              cuda,
              Status.ABORTED,
              ORT
                  + " [device=cuda, batch_size="
                  + batch
                  + "], model 'all-minilm-l6-v2-q': CUDA requested; onnxruntime offers [CPU] here "
                  + HOSTILE));
    }
    results.add(
        RunFolders.ended(
            "com.example.Hostile#broken",
            params(),
            Status.FAILED,
            "java.lang.IllegalStateException: " + SCRIPT));
    return RunFolders.write(parent, name, results, HOST);
  }

  /**
   * A run of two forked scenarios of {@link #FORKED} (5 forks; 4 of 5 with fork 3 failed for {@link
   * #SCRIPT}) and one measured in the JUnit JVM; the forks' figures are fixed, so the page's text
   * is known.
   */
  static Path forked(Path parent, String name) {
    ScenarioResult all =
        forked(
            params("mode", "eager", "payload", HOSTILE),
            1.0,
            -1,
            new ForkFigures(
                5,
                5,
                1.02,
                0.97,
                1.08,
                "student-t on log fork medians, 4 df",
                0.045,
                0.008,
                12_000,
                4_000,
                new ForkAdvice(0.025, 8, 400, 0.022, ADVICE),
                null,
                null,
                new AdaptiveForks(3, 10, 0.06, 0.0539, AdaptiveForks.PRECISION_REACHED)));
    ScenarioResult lost =
        forked(
            params("mode", "optimized", "payload", "plain"),
            1.5,
            3,
            new ForkFigures(
                5,
                4,
                1.53,
                1.4,
                1.6,
                "student-t on log fork medians, 3 df",
                0.03,
                0.01,
                10_500,
                3_500,
                new ForkAdvice(0.025, null, null, null, NO_ADVICE),
                null));
    ScenarioResult plain = passed("com.example.Plain#run", params("mode", "eager"), 7, 40, 5e5);
    return RunFolders.write(parent, name, List.of(all, lost, plain));
  }

  /** Benchmarks of {@link #warmedUp}. */
  static final String WARM = "com.example.WarmBenchmarks#embed";

  static final String WARM_FORKED = "com.example.WarmBenchmarks#forked";

  static final String FIXED = "com.example.WarmBenchmarks#fixed";

  /**
   * A run warmed up until steady: {@link #WARM} batch 1 settled at 3 s at 0.8 ms, batch 8 drifting
   * from 2 ms for 20 windows, not steady for {@link WarmupFixtures#DRIFTING} ({@code swapped} swaps
   * the two); {@link #WARM_FORKED} in 2 forks, one settled and one not, and in 2 forks that both
   * settled; {@link #FIXED} with a fixed warm-up.
   */
  static Path warmedUp(Path parent, String name, boolean swapped) {
    Phase settled = WarmupFixtures.steady(WarmupFixtures.settling(0.8, 12));
    Phase drifting =
        WarmupFixtures.unsteady(WarmupFixtures.drifting(2.0, 20), WarmupFixtures.DRIFTING);
    Phase fork1 = WarmupFixtures.steady(WarmupFixtures.settling(2.0, 10));
    Phase fork2 =
        WarmupFixtures.unsteady(WarmupFixtures.drifting(3.0, 16), WarmupFixtures.DRIFTING);
    Phase pooled =
        new Phase(2000, 6500, null, null, false, false, "fork 2: " + WarmupFixtures.DRIFTING, null);
    Phase pooledSteady = new Phase(2000, 5500, null, null, false, true, null, null);
    return RunFolders.write(
        parent,
        name,
        List.of(
            WarmupFixtures.warmedUp(
                WARM, params("batch_size", 1), 71, 60, 0.8e6, swapped ? drifting : settled),
            WarmupFixtures.warmedUp(
                WARM, params("batch_size", 8), 72, 60, 0.75e6, swapped ? settled : drifting),
            WarmupFixtures.forked(WARM_FORKED, params("mode", "eager"), 2e6, pooled, fork1, fork2),
            WarmupFixtures.forked(
                WARM_FORKED,
                params("mode", "optimized"),
                2e6,
                pooledSteady,
                fork1,
                WarmupFixtures.steady(WarmupFixtures.settling(2.0, 12))),
            passed(FIXED, params("batch_size", 1), 73, 60, 1e6)));
  }

  /** The benchmark of {@link #loaded}'s results. */
  static final String LOADED = "com.example.LoadedBenchmarks#generate";

  /**
   * A run of a generating scenario (4 requests of 3 tokens, each token 10 ms after the last, the
   * first 50 ms after the start; its prompt source {@link #HOSTILE}) and a Server scenario at 40
   * qps whose bound did not hold, found by a peak search.
   */
  static Path loaded(Path parent, String name) {
    long ms = 1_000_000;
    long[] tokens = {
      50 * ms, 60 * ms, 70 * ms, 50 * ms, 60 * ms, 70 * ms, 50 * ms, 60 * ms, 70 * ms, 50 * ms,
      60 * ms, 70 * ms
    };
    ScenarioResult generating =
        passed(LOADED, params("batch_size", 1), 11, 4, 70e6)
            .withGeneration(
                GenerationFigures.of(TokenTimings.of(tokens, 4, 3, 1, 128, 400 * ms), HOSTILE),
                tokens);
    long[] latencies = Fixtures.lognormal(12, 100, 20e6);
    LoadFigures load =
        new LoadFigures(
                "server",
                2,
                null,
                100,
                40.0,
                38.5,
                38.4,
                2600,
                LatencySummary.of(latencies, 100),
                LatencySummary.of(new long[] {100_000, 300_000}, 2),
                BoundCheck.of(latencies, "p99 <= 10ms", 0.99, 10),
                null,
                null)
            .withPeak(
                new Peak(
                    null,
                    2,
                    List.of(
                        new Probe(40, 38.5, 38.4, 100, 21.0, false),
                        new Probe(20, 19.8, 19.8, 100, 20.5, false))));
    ScenarioResult server =
        passed(
                LOADED,
                params("batch_size", 1, "load", "server", "target_qps", "peak"),
                12,
                100,
                20e6)
            .withLoad(load, new Throughput(38.4, "samples/s"));
    // A probe of the user's: two numbers, a hostile text, a figure it could not measure and why.
    Map<String, Object> group = new LinkedHashMap<>();
    group.put("opened", 3);
    group.put("read_mb", 1.25);
    group.put("source", HOSTILE);
    group.put("closed", null);
    group.put("unavailable_reason", "closed: " + SCRIPT);
    server =
        server.withResources(
            server.memory(), server.utilization(), server.energy(), Map.of("open_files", group));
    return RunFolders.write(parent, name, List.of(generating, server));
  }

  /**
   * A passed scenario of {@link #FORKED} with 5 forks of 40 samples around the scaled medians; fork
   * {@code failed} failed.
   */
  private static ScenarioResult forked(
      Map<String, Object> params, double scale, int failed, ForkFigures figures) {
    List<ForkRun> runs = new ArrayList<>();
    List<long[]> measured = new ArrayList<>();
    for (int fork = 1; fork <= FORK_MEDIANS_NS.length; fork++) {
      if (fork == failed) {
        runs.add(
            new ForkRun(
                fork,
                Status.FAILED,
                "java.lang.IllegalStateException: " + SCRIPT,
                0,
                null,
                null,
                null,
                null,
                null,
                null,
                2_000));
        continue;
      }
      long[] samples = Fixtures.lognormal(fork, 40, FORK_MEDIANS_NS[fork - 1] * scale);
      LatencySummary summary = LatencySummary.of(samples, samples.length);
      runs.add(
          new ForkRun(
              fork,
              Status.PASSED,
              null,
              samples.length,
              summary.median(),
              summary.ci95Low(),
              summary.ci95High(),
              summary.mean(),
              Phase.of(10, 10_000_000),
              Phase.of(40, 40_000_000),
              2_400));
      measured.add(samples);
    }
    long[] pooled = measured.stream().flatMapToLong(LongStream::of).toArray();
    ForkFigures forks =
        new ForkFigures(
            figures.planned(),
            figures.completed(),
            figures.medianMs(),
            figures.ci95Low(),
            figures.ci95High(),
            figures.method(),
            figures.betweenForkCv(),
            figures.withinForkCv(),
            figures.wallTimeMs(),
            figures.overheadMs(),
            figures.advice(),
            runs,
            figures.here(),
            figures.adaptive());
    return RunFolders.passed(FORKED, params, pooled).withForks(forks);
  }

  /**
   * A run as a large project writes it: {@code benchmarks} benchmarks of 20 scenarios each (batch
   * size 1 to 16, two variants, 1 and 2 threads; no more than that vary), {@code samples} samples
   * each, written with its samples.csv.
   */
  static Path large(Path parent, String name, int benchmarks, int samples) {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 0;
    for (int b = 0; b < benchmarks; b++) {
      for (int batch = 1; batch <= 16; batch *= 2) {
        for (String variant : new String[] {"int8", "fp32"}) {
          for (int threads = 1; threads <= 2; threads++) {
            results.add(
                passed(
                    "com.example.models.Model" + b + "Benchmarks#infer",
                    params(
                        "device",
                        "cpu",
                        "batch_size",
                        batch,
                        "variant",
                        variant,
                        "threads",
                        threads),
                    seed++,
                    samples,
                    1e6 * batch * (variant.equals("fp32") ? 2 : 1) / threads));
          }
        }
      }
    }
    return RunFolders.write(parent, name, results);
  }

  /** 10,000 characters without a space. */
  static final String LONG = "x".repeat(10_000);

  /** Right-to-left text, with a right-to-left override that would reverse what follows it. */
  static final String RTL = "\u05DE\u05D5\u05D3\u05DC \u202Egnp.exe";

  /**
   * A run whose benchmark names, params and model name hold markup, quotes, 10,000 characters and
   * right-to-left text.
   */
  static Path hostileNames(Path parent, String name) {
    String benchmark =
        "com.example.H\"o'stile" + SCRIPT + "Benchmarks#run" + LONG.substring(0, 200);
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 90;
    for (String value : List.of(SCRIPT, "\"quoted\" 'value'", LONG, RTL)) {
      for (int batch : new int[] {1, 2}) {
        results.add(
            passed(
                    benchmark,
                    params("payload", value, "batch_size", batch),
                    seed++,
                    30,
                    1e6 * batch)
                .withModel(
                    new ModelInfo(
                        RTL + LONG,
                        "onnxruntime",
                        "onnx",
                        "classpath:" + SCRIPT,
                        10L,
                        1.0,
                        1.0,
                        null)));
      }
    }
    return RunFolders.write(parent, name, results, HOST + RTL);
  }
}
