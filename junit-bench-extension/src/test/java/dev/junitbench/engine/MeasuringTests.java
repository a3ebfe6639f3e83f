package dev.junitbench.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.infra.Device;
import dev.junitbench.machine.Machine;
import dev.junitbench.measure.PhaseRun;
import dev.junitbench.profile.MeasurementProfile;
import dev.junitbench.profile.ProfileKind;
import dev.junitbench.profile.ProfileSettings;
import dev.junitbench.profile.ProfilerChoice;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.ProbeScenario;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import jdk.jfr.FlightRecorder;
import jdk.jfr.RecordingState;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A measurement as it starts")
class MeasuringTests {

  /** A machine that notes, each time the JIT's time is read, whether a profile is recording. */
  static final class ProfileWatchingMachine implements Machine {
    final List<Boolean> profileRecordingAtRead = new ArrayList<>();

    @Override
    public long rssBytes() {
      return 1;
    }

    @Override
    public long heapUsedBytes() {
      return 1;
    }

    @Override
    public long processCpuNanos() {
      return 1;
    }

    @Override
    public long[] systemTicks() {
      return new long[] {1, 1};
    }

    @Override
    public long gcCount() {
      return 0;
    }

    @Override
    public long gcTimeMs() {
      return 0;
    }

    @Override
    public long jitTimeMs() {
      profileRecordingAtRead.add(
          FlightRecorder.getFlightRecorder().getRecordings().stream()
              .anyMatch(
                  recording ->
                      recording.getName().equals("junit-bench profile")
                          && recording.getState() == RecordingState.RUNNING));
      return 0;
    }
  }

  @Test
  @DisplayName(
      "reads the JVM's GC and JIT counters once the profiler runs, so its start-up is not counted")
  void jvmActivityStartsAfterTheProfiler() throws IOException {
    ProfileWatchingMachine machine = new ProfileWatchingMachine();
    Measuring measuring = new Measuring(null, machine);
    measuring.probes(
        new ResourceSampler(
                new ResourceSampler.Settings(
                    false, Duration.ofMillis(10), "nvidia-smi", Path.of("/nowhere")),
                machine)
            .prepare(new ProbeScenario("Example#run", "[device=cpu]", Device.CPU)));
    MeasurementProfile profile =
        MeasurementProfile.of(
                new ProfileSettings(
                    false, ProfileKind.CPU, Duration.ofMillis(10), ProfilerChoice.JFR),
                null,
                "Example#run [device=cpu]")
            .orElseThrow();
    measuring.profile(profile);
    try {
      measuring.warmupDone(PhaseRun.none());
    } finally {
      for (String file : measuring.stopProfile().jfr()) {
        Files.deleteIfExists(Path.of(file));
      }
      measuring.end();
    }
    assertThat(machine.profileRecordingAtRead).containsExactly(true);
  }
}
