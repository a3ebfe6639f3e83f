package dev.junitbench.profile;

import java.nio.file.Path;
import java.time.Duration;
import one.profiler.AsyncProfiler;

/**
 * A profile recorded by async-profiler, the native profiler loaded from its jar into this JVM,
 * written as JFR. The only class that touches async-profiler: where its jar is missing or its
 * library cannot load, starting it throws and nothing else is affected.
 */
final class AsyncProfilerRecording implements ProfileRecording {

  private final AsyncProfiler profiler;

  private AsyncProfilerRecording(AsyncProfiler profiler) {
    this.profiler = profiler;
  }

  /**
   * Starts profiling {@code kind} into {@code file}, sampling cpu and wall every {@code interval}.
   *
   * @throws Exception or {@link LinkageError} when async-profiler cannot load or start here
   */
  static AsyncProfilerRecording start(ProfileKind kind, Duration interval, Path file)
      throws Exception {
    AsyncProfiler profiler = AsyncProfiler.getInstance();
    StringBuilder command = new StringBuilder("start,event=").append(kind.id());
    if (kind == ProfileKind.CPU || kind == ProfileKind.WALL) {
      command.append(",interval=").append(interval.toNanos());
    }
    // A comma ends an argument: a path holding one cannot be passed, and the staging folder has
    // none.
    command.append(",file=").append(file.toAbsolutePath()).append(",jfr");
    profiler.execute(command.toString());
    return new AsyncProfilerRecording(profiler);
  }

  @Override
  public String profiler() {
    try {
      return "async-profiler " + profiler.getVersion();
    } catch (RuntimeException e) {
      return "async-profiler";
    }
  }

  @Override
  public void stop() throws Exception {
    profiler.execute("stop");
  }
}
