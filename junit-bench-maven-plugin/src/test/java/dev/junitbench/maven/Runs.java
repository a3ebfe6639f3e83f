package dev.junitbench.maven;

import dev.junitbench.results.RunFolders;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

/** Run folders with known latencies for the goals' tests. */
final class Runs {

  /** The benchmark of the fixtures. */
  static final String EMBED = "com.example.EmbeddingBenchmarks#embed";

  private Runs() {}

  /** {@code device=cpu, batch_size=<batch>}. */
  static Map<String, Object> batch(int batch) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("device", "cpu");
    params.put("batch_size", batch);
    return params;
  }

  /** A run of one scenario per batch size in {@code medianMs}, 100 samples around each median. */
  static Path write(Path parent, String name, double... medianMs) {
    return RunFolders.write(
        parent,
        name,
        IntStream.range(0, medianMs.length)
            .mapToObj(
                i ->
                    RunFolders.passed(
                        EMBED, batch(i + 1), RunFolders.around(Math.round(medianMs[i] * 1e6), 100)))
            .toList());
  }

  /**
   * Run {@code i} of host {@code host} into {@code parent/run-<time>-r<i>}, an hour after run
   * {@code i - 1}: one scenario whose median is exactly {@code medianMs}.
   */
  static Path history(Path parent, String host, int i, double medianMs) {
    long median = Math.round(medianMs * 1e6);
    return RunFolders.writeHistoryRun(
        parent.resolve(String.format("run-20261101-%02d0000-r%d", i, i)),
        i,
        host,
        List.of(
            RunFolders.passed(
                EMBED, batch(1), new long[] {median - 10_000, median, median + 10_000})));
  }
}
