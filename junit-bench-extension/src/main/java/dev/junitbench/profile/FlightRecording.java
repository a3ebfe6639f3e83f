package dev.junitbench.profile;

import dev.junitbench.config.BenchConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import jdk.jfr.EventType;
import jdk.jfr.FlightRecorder;
import jdk.jfr.Recording;

/**
 * A profile recorded by JDK Flight Recorder, where async-profiler cannot load or is not wanted: the
 * JVM's own sampler, Java frames only, and no event for wall-clock time.
 */
final class FlightRecording implements ProfileRecording {

  /** The name under which results and messages name this profiler. */
  static final String PROFILER = "JDK Flight Recorder";

  private final Recording recording;

  private FlightRecording(Recording recording) {
    this.recording = recording;
  }

  /** The JFR event that records {@code kind}, or empty for wall, which JFR has no event for. */
  static Optional<String> event(ProfileKind kind) {
    return switch (kind) {
      case CPU -> Optional.of("jdk.ExecutionSample");
      case ALLOC -> Optional.of("jdk.ObjectAllocationSample");
      case LOCK -> Optional.of("jdk.JavaMonitorEnter");
      case WALL -> Optional.empty();
    };
  }

  /**
   * Starts recording {@code kind} into {@code file}.
   *
   * @throws UnsupportedOperationException naming what this JVM cannot record
   */
  static FlightRecording start(ProfileKind kind, Duration interval, Path file) throws Exception {
    String event =
        event(kind)
            .orElseThrow(
                () ->
                    new UnsupportedOperationException(
                        "JDK Flight Recorder has no wall-clock sampling event; use cpu, or let"
                            + " async-profiler load (remove "
                            + BenchConfig.PROFILE_PROFILER
                            + "=jfr)"));
    if (!FlightRecorder.isAvailable()) {
      throw new UnsupportedOperationException("JDK Flight Recorder is not available in this JVM");
    }
    boolean known =
        FlightRecorder.getFlightRecorder().getEventTypes().stream()
            .map(EventType::getName)
            .anyMatch(event::equals);
    if (!known) {
      throw new UnsupportedOperationException("this JVM's Flight Recorder has no event " + event);
    }
    Recording recording = new Recording();
    try {
      recording.setName("junit-bench profile");
      switch (kind) {
        case CPU -> recording.enable(event).withPeriod(interval).withStackTrace();
        // Every contended enter, not only those over JFR's default 20 ms.
        case LOCK -> recording.enable(event).withThreshold(Duration.ZERO).withStackTrace();
        default -> recording.enable(event).withStackTrace();
      }
      recording.setToDisk(true);
      recording.setDestination(file);
      recording.start();
    } catch (Exception | LinkageError e) {
      // A recording that did not start still holds its settings and buffers in the recorder.
      recording.close();
      throw e;
    }
    return new FlightRecording(recording);
  }

  @Override
  public String profiler() {
    return PROFILER;
  }

  @Override
  public void stop() {
    try {
      recording.stop();
    } finally {
      recording.close();
    }
  }
}
