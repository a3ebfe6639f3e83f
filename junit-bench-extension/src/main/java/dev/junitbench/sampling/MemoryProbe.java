package dev.junitbench.sampling;

import dev.junitbench.results.Aggregation;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;

/** The process's resident set and JVM heap, peak and mean, as the sampler thread read them. */
final class MemoryProbe implements Probe {

  static final String FIGURES = "rss_peak_mb, rss_avg_mb, heap_peak_mb, heap_avg_mb";

  private final SamplerThread thread;

  MemoryProbe(SamplerThread thread) {
    this.thread = thread;
  }

  @Override
  public String name() {
    return "memory";
  }

  @Override
  public void measurementStarts() {
    // The shared thread starts once every probe has started.
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) {
    ProbeFigures out = new ProbeFigures();
    if (!thread.started()) {
      // Nothing failed: there was no measurement to sample, and no figure is wanted.
      return out.unavailable(
          FIGURES, "not sampled, the scenario ended before its measurement started");
    }
    if (!thread.sampled()) {
      return out.unavailable(
          FIGURES,
          ResourceSampler.warn(
              "sampler", "the resource sampler failed (" + thread.failureReason() + ")"));
    }
    return out.put("rss_peak_mb", thread.rssPeakMb(), Aggregation.MAX)
        .put("rss_avg_mb", thread.rssAvgMb(), Aggregation.AVERAGE)
        .put("heap_peak_mb", thread.heapPeakMb(), Aggregation.MAX)
        .put("heap_avg_mb", thread.heapAvgMb(), Aggregation.AVERAGE);
  }
}
