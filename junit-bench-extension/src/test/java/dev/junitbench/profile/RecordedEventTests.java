package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The event a profile names")
class RecordedEventTests {

  @TempDir Path tempDir;

  private Path recorded(String event) throws IOException {
    Path file = tempDir.resolve(event + ".jfr");
    AsyncProfiler profiler = AsyncProfiler.getInstance();
    profiler.execute("start,event=" + event + ",interval=1000000,file=" + file + ",jfr");
    ProfileTestCases.spinProfiledWork(1_000_000);
    profiler.execute("stop");
    return file;
  }

  @Test
  @DisplayName("is the timer async-profiler sampled the CPU with, read from its file")
  void timer() throws IOException {
    assertThat(MeasurementProfile.recordedEvent(recorded("itimer"))).contains("itimer");
    assertThat(MeasurementProfile.recordedEvent(recorded("ctimer"))).contains("ctimer");
  }

  @Test
  @DisplayName("of a cpu profile is the timer's when a timer, not perf events, sampled it")
  void cpuByTimer() {
    assertThat(MeasurementProfile.reported("cpu", "itimer")).isEqualTo("itimer");
    assertThat(MeasurementProfile.reported("cpu", "ctimer")).isEqualTo("ctimer");
    assertThat(MeasurementProfile.reported("cpu", "perf_events")).isEqualTo("cpu");
    assertThat(MeasurementProfile.reported("wall", "wall")).isEqualTo("wall");
  }

  @Test
  @DisplayName("is not named by async-profiler's file of an allocation profile: its kind is used")
  void alloc() throws IOException {
    assertThat(MeasurementProfile.recordedEvent(recorded("alloc"))).isEmpty();
  }

  @Test
  @DisplayName("is unknown for a file that is not a recording")
  void notARecording() throws IOException {
    Path text = Files.writeString(tempDir.resolve("notes.jfr"), "notes");
    assertThat(MeasurementProfile.recordedEvent(text)).isEmpty();
  }
}
