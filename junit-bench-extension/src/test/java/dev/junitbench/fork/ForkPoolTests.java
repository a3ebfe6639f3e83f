package dev.junitbench.fork;

import static dev.junitbench.results.Aggregation.AVERAGE;
import static dev.junitbench.results.Aggregation.MAX;
import static dev.junitbench.results.Aggregation.MIN;
import static dev.junitbench.results.Aggregation.SUM;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.results.AdaptiveForks;
import dev.junitbench.results.Aggregation;
import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.EnergyFigures;
import dev.junitbench.results.ForkFigures;
import dev.junitbench.results.MemoryFigures;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ProbeGroups;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import dev.junitbench.results.Throughput;
import dev.junitbench.results.UtilizationFigures;
import dev.junitbench.sampling.BuiltInAggregations;
import dev.junitbench.stats.ForkStopRule;
import dev.junitbench.stats.LatencySummary;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Pooling a scenario's forks")
class ForkPoolTests {

  private static final ScenarioResult PLANNED =
      ScenarioResult.planned(
          "a.B#c", "[device=cpu, batch_size=2]", Map.of("device", "cpu", "batch_size", 2));

  /** How the built-in probes declare their figures, as {@code ResourceSamplerTests} finds them. */
  private static final Map<String, Map<String, Aggregation>> BUILT_IN =
      BuiltInAggregations.DECLARED;

  private static ScenarioResult fork(
      long[] samples, double rssPeak, double rssAvg, long gcCount, double cpu, Double joules) {
    return PLANNED
        .measured(
            new Phase(3, 30, null, null, false),
            new Phase(samples.length, 100, 0.01, true, false),
            LatencySummary.of(samples, samples.length),
            Throughput.samplesPerSecond(2, samples, samples.length),
            null,
            samples)
        .withResources(
            new MemoryFigures(rssPeak, rssAvg, 50.0, 40.0, 10.0, null, null, null),
            new UtilizationFigures(cpu, 90.0, gcCount, 2.0, null, 0.5, null),
            new EnergyFigures(joules, "rapl", null, null),
            Map.of());
  }

  @Test
  @DisplayName(
      "pools samples fork after fork and joins peaks by maximum, averages by mean, counts by sum")
  void pooled() {
    ForkPool pool = new ForkPool(2);
    pool.measured(
        1,
        fork(new long[] {1_000_000, 2_000_000, 3_000_000}, 200, 150, 1, 80, 0.5),
        BUILT_IN,
        new long[] {1_000_000, 2_000_000, 3_000_000},
        null,
        900);
    pool.measured(
        2,
        fork(new long[] {4_000_000, 5_000_000}, 260, 170, 2, 60, null),
        BUILT_IN,
        new long[] {4_000_000, 5_000_000},
        null,
        1100);
    ScenarioResult result = pool.pooled(PLANNED, 2, null, 0.025);

    assertThat(result.samplesNs())
        .containsExactly(1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000);
    assertThat(result.latencyMs().count()).isEqualTo(5);
    assertThat(result.latencyMs().median()).isEqualTo(3.0);
    assertThat(result.throughput().value()).isCloseTo(2 * 5 / 0.015, within(1e-9));
    assertThat(result.warmup()).isEqualTo(new Phase(6, 60, null, null, false));
    assertThat(result.measurement()).isEqualTo(new Phase(5, 200, 0.01, true, false));
    assertThat(result.memory().rssPeakMb()).isEqualTo(260);
    assertThat(result.memory().rssAvgMb()).isEqualTo(160);
    assertThat(result.utilization().gcCount()).isEqualTo(3);
    assertThat(result.utilization().gcTimeMs()).isEqualTo(4);
    assertThat(result.utilization().cpuProcessPct()).isEqualTo(70);
    assertThat(result.energy().joulesPerInference())
        .as("the mean of the forks that have it")
        .isEqualTo(0.5);

    ForkFigures forks = result.forks();
    assertThat(forks.planned()).isEqualTo(2);
    assertThat(forks.completed()).isEqualTo(2);
    assertThat(forks.counts()).containsExactly(3, 2);
    assertThat(forks.medians()).containsExactly(2.0, 4.5);
    assertThat(forks.medianMs()).isCloseTo(Math.sqrt(2.0 * 4.5), within(1e-12));
    assertThat(forks.wallTimeMs()).isEqualTo(2000);
    assertThat(forks.overheadMs())
        .as("wall time outside warm-up and measurement")
        .isEqualTo(2000 - 260);
    assertThat(forks.runs())
        .extracting(run -> run.status())
        .containsExactly(Status.PASSED, Status.PASSED);
  }

  @Test
  @DisplayName(
      "pools a probe's group: numbers by the mean of the forks that have them, each reason once with its forks")
  void probes() {
    ForkPool pool = new ForkPool(3);
    int fork = 0;
    for (Object[] each :
        new Object[][] {{2, "x", null}, {4, "y", "z: none here"}, {null, "x", "z: none here"}}) {
      Map<String, Object> group = new LinkedHashMap<>();
      group.put("opened", each[0]);
      group.put("kind", each[1]);
      group.put("unavailable_reason", each[2]);
      ScenarioResult result = fork(new long[] {1_000_000}, 200, 150, 1, 80, null);
      fork++;
      pool.measured(
          fork,
          result.withResources(
              result.memory(), result.utilization(), result.energy(), Map.of("files", group)),
          null,
          new long[] {1_000_000},
          null,
          100);
    }
    Map<String, Object> pooled = pool.pooled(PLANNED, 2, null, 0.025).probes().get("files");
    assertThat(pooled.get("opened")).as("the mean of forks 1 and 2").isEqualTo(3.0);
    assertThat(pooled.get("kind")).isEqualTo("x");
    assertThat(pooled.get("unavailable_reason")).isEqualTo("z: none here (forks 2, 3)");
  }

  @Test
  @DisplayName(
      "joins every built-in figure as its probe declares: peaks by maximum, totals by sum, the rest by mean")
  void builtIn() {
    ForkPool pool = new ForkPool(2);
    ScenarioResult first =
        fork(new long[] {1_000_000}, 0, 0, 0, 0, null)
            .withResources(
                new MemoryFigures(
                    200.0, 150.0, 60.0, 40.0, 10.0, 1000.0, 300.0, "x: none in fork 1"),
                new UtilizationFigures(80.0, 90.0, 1L, 2.0, 50.0, 0.5, null),
                new EnergyFigures(0.5, "powercap", 100.0, null),
                new ProbeGroups(Map.of(), BUILT_IN));
    ScenarioResult second =
        fork(new long[] {1_000_000}, 0, 0, 0, 0, null)
            .withResources(
                new MemoryFigures(260.0, 170.0, 50.0, 44.0, 12.0, 900.0, 350.0, null),
                new UtilizationFigures(60.0, 70.0, 2L, 3.5, 70.0, 0.75, "y: none in fork 2"),
                new EnergyFigures(0.75, "powercap+nvidia-smi", 200.0, null),
                new ProbeGroups(Map.of(), BUILT_IN));
    pool.measured(1, first, first.aggregations(), new long[] {1_000_000}, null, 100);
    pool.measured(2, second, second.aggregations(), new long[] {1_000_000}, null, 100);
    ScenarioResult result = pool.pooled(PLANNED, 2, null, 0.025);

    assertThat(result.memory())
        .isEqualTo(
            new MemoryFigures(260.0, 160.0, 60.0, 42.0, 12.0, 1000.0, 350.0, "x: none in fork 1"));
    assertThat(result.utilization())
        .as("reasons and texts as the first fork gave them")
        .isEqualTo(new UtilizationFigures(70.0, 80.0, 3L, 5.5, 60.0, 0.625, null));
    assertThat(result.energy()).isEqualTo(new EnergyFigures(0.625, "powercap", 150.0, null));
  }

  @Test
  @DisplayName(
      "joins a probe's figure as it declares: maximum, sum, minimum, and the mean by default")
  void declared() {
    ForkPool pool = new ForkPool(3);
    Map<String, Map<String, Aggregation>> declared =
        Map.of(
            "own",
            Map.of(
                "peak_mb",
                MAX,
                "calls",
                SUM,
                "seconds",
                SUM,
                "lowest_mb",
                MIN,
                "mean_mb",
                AVERAGE));
    int fork = 0;
    for (int[] each : new int[][] {{30, 2, 5}, {50, 3, 4}, {40, 4, 6}}) {
      Map<String, Object> group = new LinkedHashMap<>();
      group.put("peak_mb", each[0]);
      group.put("calls", each[1]);
      group.put("seconds", each[1] / 2.0);
      group.put("lowest_mb", each[2]);
      group.put("mean_mb", each[0]);
      group.put("undeclared", each[2]);
      ScenarioResult result = fork(new long[] {1_000_000}, 200, 150, 1, 80, null);
      fork++;
      // Declared by the first fork only, as when a probe failed in the others: the declaration
      // holds.
      pool.measured(
          fork,
          result.withResources(
              result.memory(), result.utilization(), result.energy(), Map.of("own", group)),
          fork == 1 ? declared : null,
          new long[] {1_000_000},
          null,
          100);
    }
    Map<String, Object> pooled = pool.pooled(PLANNED, 2, null, 0.025).probes().get("own");
    assertThat(pooled.get("peak_mb")).isEqualTo(50);
    assertThat(pooled.get("calls")).as("a sum of whole numbers stays whole").isEqualTo(9L);
    assertThat(pooled.get("seconds")).isEqualTo(4.5);
    assertThat(pooled.get("lowest_mb")).isEqualTo(4);
    assertThat(pooled.get("mean_mb")).isEqualTo(40.0);
    assertThat(pooled.get("undeclared")).isEqualTo(5.0);
  }

  @Test
  @DisplayName(
      "pools the allocation of forks by summing bytes, operations, collections and compile time,"
          + " per operation of the sums")
  void allocation() {
    ForkPool pool = new ForkPool(3);
    long[] samples = {1_000_000, 2_000_000};
    pool.measured(
        1,
        fork(samples, 200, 150, 1, 80, null)
            .withAlloc(AllocationFigures.of(1_000L, 10, 1, 1L, 4.0, 2.0, null)),
        BUILT_IN,
        samples,
        null,
        900);
    pool.measured(
        2,
        fork(samples, 200, 150, 1, 80, null)
            .withAlloc(AllocationFigures.of(5_000L, 30, 1, 3L, 6.0, 0.0, null)),
        BUILT_IN,
        samples,
        null,
        900);
    pool.ended(3, Status.FAILED, "boom", 100);
    AllocationFigures alloc = pool.pooled(PLANNED, 2, null, 0.025).alloc();
    assertThat(alloc.bytesTotal()).isEqualTo(6_000);
    assertThat(alloc.operations()).isEqualTo(40);
    assertThat(alloc.bytesPerOp())
        .as("6000 B / 40 calls, not the mean of 100 and 166.7")
        .isEqualTo(150);
    assertThat(alloc.threads()).isEqualTo(1);
    assertThat(alloc.gcCount()).isEqualTo(4);
    assertThat(alloc.gcTimeMs()).isEqualTo(10);
    assertThat(alloc.gcCountPerOp()).isEqualTo(0.1);
    assertThat(alloc.gcTimeMsPerOp()).isEqualTo(0.25);
    assertThat(alloc.jitTimeMs()).isEqualTo(2);
    assertThat(alloc.unavailableReason()).isNull();
  }

  @Test
  @DisplayName("pools no bytes when one fork could not count them, and says why")
  void allocationNotCounted() {
    ForkPool pool = new ForkPool(2);
    long[] samples = {1_000_000, 2_000_000};
    pool.measured(
        1,
        fork(samples, 200, 150, 1, 80, null)
            .withAlloc(AllocationFigures.of(1_000L, 10, 1, 1L, 4.0, 2.0, null)),
        BUILT_IN,
        samples,
        null,
        900);
    pool.measured(
        2,
        fork(samples, 200, 150, 1, 80, null)
            .withAlloc(
                AllocationFigures.of(
                    null,
                    10,
                    1,
                    1L,
                    4.0,
                    2.0,
                    "bytes_per_op: this JVM does not count allocated bytes per thread")),
        BUILT_IN,
        samples,
        null,
        900);
    AllocationFigures alloc = pool.pooled(PLANNED, 2, null, 0.025).alloc();
    assertThat(alloc.bytesTotal()).isNull();
    assertThat(alloc.bytesPerOp()).isNull();
    assertThat(alloc.gcCount()).isEqualTo(2);
    assertThat(alloc.unavailableReason())
        .isEqualTo("bytes_per_op: this JVM does not count allocated bytes per thread");
  }

  @Test
  @DisplayName("keeps the forks that finished when one fails, with the failed one's cause")
  void failed() {
    ForkPool pool = new ForkPool(3);
    pool.measured(
        1,
        fork(new long[] {1_000_000, 2_000_000}, 200, 150, 1, 80, null),
        BUILT_IN,
        new long[] {1_000_000, 2_000_000},
        null,
        900);
    pool.ended(2, Status.FAILED, "killed", 400);
    ForkFigures forks = pool.figures(0.025);
    assertThat(forks.completed()).isEqualTo(1);
    assertThat(forks.planned()).isEqualTo(3);
    assertThat(forks.runs()).hasSize(2);
    assertThat(forks.runs().get(1).error()).isEqualTo("killed");
    assertThat(forks.ci95Low()).as("one fork: no interval across forks").isNull();
    assertThat(forks.method()).isEqualTo("one fork: no interval across forks");
    assertThat(forks.advice()).isNull();
    assertThat(new ForkPool(2).pooled(PLANNED, 1, null, 0.025)).as("nothing measured").isNull();
  }

  private static void measure(ForkPool pool, int fork, long medianNs) {
    long[] samples = {medianNs - 1000, medianNs, medianNs + 1000};
    pool.measured(fork, fork(samples, 200, 150, 1, 80, null), BUILT_IN, samples, null, 900);
  }

  @Test
  @DisplayName(
      "with a stop rule, reports the corrected interval and why the forks stopped, or that a fork failed first")
  void adaptive() {
    ForkStopRule rule = new ForkStopRule(3, 5, 0.05);
    ForkPool pool = new ForkPool(5, rule);
    measure(pool, 1, 10_000_000);
    measure(pool, 2, 10_100_000);
    assertThat(pool.look()).as("below min: no look").isNull();
    measure(pool, 3, 9_900_000);
    ForkStopRule.Look look = pool.look();
    assertThat(look.stop()).isEqualTo(ForkStopRule.Stop.PRECISION_REACHED);

    ForkFigures forks = pool.figures(0.025);
    assertThat(forks.planned()).as("the forks the rule ran").isEqualTo(3);
    assertThat(forks.ci95Low()).isEqualTo(look.ci95Low());
    assertThat(forks.ci95High()).isEqualTo(look.ci95High());
    assertThat(forks.method()).isEqualTo(rule.method(3));
    assertThat(forks.adaptive())
        .isEqualTo(
            new AdaptiveForks(3, 5, 0.05, look.halfWidth(), AdaptiveForks.PRECISION_REACHED));

    ForkPool failing = new ForkPool(5, new ForkStopRule(3, 5, 0.0001));
    measure(failing, 1, 10_000_000);
    measure(failing, 2, 10_100_000);
    measure(failing, 3, 9_900_000);
    assertThat(failing.look().stop()).isEqualTo(ForkStopRule.Stop.CONTINUE);
    failing.ended(4, Status.FAILED, "killed", 400);
    ForkFigures partial = failing.figures(0.025);
    assertThat(partial.planned()).as("its max").isEqualTo(5);
    assertThat(partial.adaptive().stopped()).as("a fork failed first").isNull();
  }
}
