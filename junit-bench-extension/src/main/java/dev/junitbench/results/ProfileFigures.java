package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The {@code profile} group of a result: the profile recorded during the scenario's measurement
 * (never its warm-up or set-up), when {@code junit.bench.profile} or {@code @Profile} asked for
 * one. Paths are relative to the run folder.
 *
 * @param kind the kind asked for: {@code cpu}, {@code alloc}, {@code wall} or {@code lock}
 * @param event the event that was recorded ({@code cpu}, {@code itimer} where perf events are not
 *     allowed, ...), or null when nothing was recorded
 * @param profiler what recorded it: {@code async-profiler 4.5} or {@code JDK Flight Recorder}, or
 *     null when nothing was recorded
 * @param jfr the raw profiles (JFR), one per fork, in fork order; empty when nothing was recorded
 * @param flameGraph the self-contained flame graph (HTML) of all of them, or null
 * @param samples the samples (or, for {@code alloc}, bytes; for {@code lock}, nanoseconds) the
 *     profiles hold, or null
 * @param topFrames the frames with the largest self share, largest first
 * @param warning why the profile is missing or partial (the profiler could not start, one fork
 *     recorded nothing, ...), or null
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ProfileFigures(
    String kind,
    String event,
    String profiler,
    List<String> jfr,
    String flameGraph,
    Long samples,
    List<Frame> topFrames,
    String warning) {

  /** Null lists stand for none. */
  public ProfileFigures {
    jfr = jfr == null ? List.of() : List.copyOf(jfr);
    topFrames = topFrames == null ? List.of() : List.copyOf(topFrames);
  }

  /**
   * One frame of a profile and its self share: the part of all samples in which it was the frame on
   * top of the stack.
   *
   * @param frame the frame as the flame graph names it ({@code com/example/Model.embed})
   * @param selfShare its self samples over all samples, 0 to 1
   * @param selfSamples its self samples (or bytes, or nanoseconds, as {@link #samples})
   * @since 0.1.0
   */
  @API(status = EXPERIMENTAL, since = "0.1")
  public record Frame(String frame, double selfShare, long selfSamples) {}
}
