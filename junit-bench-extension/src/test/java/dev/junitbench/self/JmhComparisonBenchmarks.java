package dev.junitbench.self;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatType;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs {@link JmhWorkloads} under JMH in a forked JVM (about a minute) and prints each workload's
 * p50 next to the clock, the reference for the medians {@link HarnessSelfBenchmarks} reports.
 * Figures are reported, never asserted: only a JMH run that fails to produce results fails.
 */
@Tag("performance")
@Tag("self")
class JmhComparisonBenchmarks {

  private static final Map<String, Long> CLOCK_NS =
      Map.of("emptyBody", 0L, "spin100us", Spin.MICROS_100, "spin2ms", Spin.MILLIS_2);

  @Test
  void sameWorkloadsUnderJmh() throws Exception {
    Path json = Path.of("target", "benchmark-results", "jmh-self.json");
    Files.createDirectories(json.getParent());
    Collection<RunResult> results =
        new Runner(
                new OptionsBuilder()
                    .include(JmhWorkloads.class.getName() + "\\.")
                    .forks(1)
                    .warmupIterations(5)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(5)
                    .measurementTime(TimeValue.seconds(2))
                    .shouldFailOnError(true)
                    .resultFormat(ResultFormatType.JSON)
                    .result(json.toString())
                    .build())
            .run();

    assertThat(results).hasSize(CLOCK_NS.size());
    System.out.println(table(results));
    System.out.println("JMH results: " + json.toAbsolutePath());
  }

  private static String table(Collection<RunResult> results) {
    List<RunResult> sorted = new ArrayList<>(results);
    sorted.sort(Comparator.comparing(JmhComparisonBenchmarks::workload));
    StringBuilder table =
        new StringBuilder(
            String.format(
                "%n%-10s %12s %14s %10s%n", "Workload", "Clock (ns)", "JMH p50 (ns)", "vs clock"));
    for (RunResult result : sorted) {
      long clock = CLOCK_NS.get(workload(result));
      double p50 = result.getPrimaryResult().getStatistics().getPercentile(50);
      String deviation = clock == 0 ? "-" : String.format("%+.3f%%", (p50 - clock) * 100.0 / clock);
      table.append(
          String.format("%-10s %12d %14.1f %10s%n", workload(result), clock, p50, deviation));
    }
    return table.toString();
  }

  private static String workload(RunResult result) {
    String benchmark = result.getParams().getBenchmark();
    return benchmark.substring(benchmark.lastIndexOf('.') + 1);
  }
}
