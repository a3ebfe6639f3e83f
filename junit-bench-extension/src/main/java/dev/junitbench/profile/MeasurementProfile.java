package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ProfileFigures;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.apiguardian.api.API;

/**
 * The profile of one scenario's measurement: started when its warm-up ends, stopped when its
 * measurement ends, with async-profiler or, where that cannot load, JDK Flight Recorder. It never
 * fails the benchmark: a profiler that cannot start or stop is a run warning and the result's
 * {@code profile.warning}, and the measurement goes on.
 */
@API(status = INTERNAL, since = "0.1")
public final class MeasurementProfile {

  private final ProfileKind kind;
  private final ProfileSettings settings;
  private final String subject;
  private ProfileRecording recording;
  private Path file;
  private String warning;
  private boolean started;
  private ProfileFigures figures;

  private MeasurementProfile(ProfileKind kind, ProfileSettings settings, String subject) {
    this.kind = kind;
    this.settings = settings;
    this.subject = subject;
  }

  /**
   * The profile of {@code subject} (benchmark and scenario) as {@code settings} and its {@code
   * annotated} kind (null: none) ask for it, or empty when it is not profiled.
   */
  public static Optional<MeasurementProfile> of(
      ProfileSettings settings, ProfileKind annotated, String subject) {
    return settings.kindFor(annotated).map(kind -> new MeasurementProfile(kind, settings, subject));
  }

  /** Starts recording: the warm-up is over, the measurement begins. */
  public void start() {
    started = true;
    try {
      file = ProfileStaging.newFile();
    } catch (IOException e) {
      warn("no temporary file for the profile (" + Causes.describe(e) + ")", "no profile");
      return;
    }
    String asyncFailure = null;
    if (settings.profiler() == ProfilerChoice.ASYNC_PROFILER) {
      try {
        recording = AsyncProfilerRecording.start(kind, settings.interval(), file);
        return;
      } catch (Exception | LinkageError e) {
        asyncFailure = Causes.describe(e);
      }
    }
    try {
      recording = FlightRecording.start(kind, settings.interval(), file);
      if (asyncFailure != null) {
        warn(
            "async-profiler cannot profile here (" + asyncFailure + ")",
            "recorded with " + FlightRecording.PROFILER + " instead");
      }
    } catch (Exception | LinkageError e) {
      warn(
          (asyncFailure == null
                  ? ""
                  : "async-profiler cannot profile here (" + asyncFailure + "); ")
              + FlightRecording.PROFILER
              + " cannot record a "
              + kind.id()
              + " profile ("
              + Causes.describe(e)
              + ")",
          "no profile");
    }
  }

  /**
   * Stops recording, once; the profile as recorded (its file an absolute path in a temporary folder
   * the run folder takes it from), or null when the measurement never started.
   */
  public ProfileFigures stop() {
    if (figures != null || !started) {
      return figures;
    }
    if (recording == null) {
      figures = new ProfileFigures(kind.id(), null, null, null, null, null, null, warning);
      return figures;
    }
    String profiler = recording.profiler();
    try {
      recording.stop();
    } catch (Exception | LinkageError e) {
      warn(profiler + " could not stop (" + Causes.describe(e) + ")", "no profile");
      figures = new ProfileFigures(kind.id(), null, profiler, null, null, null, null, warning);
      return figures;
    }
    String event =
        recording instanceof FlightRecording
            ? FlightRecording.event(kind).orElse(null)
            : recordedEvent(file).orElse(kind.id());
    figures =
        new ProfileFigures(
            kind.id(),
            event,
            profiler,
            List.of(file.toAbsolutePath().toString()),
            null,
            null,
            null,
            warning);
    return figures;
  }

  /**
   * The event async-profiler recorded, as its file says: {@code cpu} is recorded by perf events
   * where the kernel allows them, else by a timer, which is then the event named ({@code itimer});
   * empty where the file names none (an alloc or lock profile names its kind's own setting only).
   */
  static Optional<String> recordedEvent(Path jfr) {
    String event = null;
    String engine = null;
    boolean eventRead = false;
    boolean engineRead = false;
    try (RecordingFile recorded = new RecordingFile(jfr)) {
      while (recorded.hasMoreEvents() && !(eventRead && engineRead)) {
        RecordedEvent read = recorded.readEvent();
        if (read.getEventType().getName().equals("jdk.ActiveSetting")) {
          String name = read.getString("name");
          if ("event".equals(name)) {
            event = read.getString("value");
            eventRead = true;
          } else if ("engine".equals(name)) {
            engine = read.getString("value");
            engineRead = true;
          }
        }
      }
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    return Optional.ofNullable(reported(event, engine));
  }

  /**
   * The event to report of async-profiler's {@code event} and {@code engine} settings: a cpu
   * profile sampled by a timer ({@code itimer}, {@code ctimer}) is that timer's.
   */
  static String reported(String event, String engine) {
    if (ProfileKind.CPU.id().equals(event) && engine != null && engine.endsWith("timer")) {
      return engine;
    }
    return event;
  }

  private void warn(String why, String outcome) {
    String message = "profile (" + kind.id() + ") of " + subject + ": " + why + "; " + outcome;
    warning = warning == null ? message : warning + "; " + message;
    // Once per reason in the run's warnings; every result still carries its own.
    RunWarnings.warnOnce("profile: " + why, message);
  }
}
