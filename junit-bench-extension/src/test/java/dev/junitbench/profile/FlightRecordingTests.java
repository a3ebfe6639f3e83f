package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import jdk.jfr.FlightRecorder;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A Flight Recorder profile")
class FlightRecordingTests {

  @Test
  @DisplayName("that cannot start leaves no recording behind in the JVM's recorder")
  void failedStartClosesItsRecording(@TempDir Path dir) {
    Path unwritable = dir.resolve("no-such-folder").resolve("profile.jfr");
    assertThatThrownBy(
            () -> FlightRecording.start(ProfileKind.CPU, Duration.ofMillis(10), unwritable))
        .isInstanceOf(Exception.class);
    assertThat(FlightRecorder.getFlightRecorder().getRecordings())
        .noneMatch(recording -> recording.getName().equals("junit-bench profile"));
  }
}
