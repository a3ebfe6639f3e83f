package dev.junitbench.engine;

import dev.junitbench.generation.GenerationWorkers.Worker;
import dev.junitbench.machine.Machine;
import dev.junitbench.measure.MeasurementLoop;
import dev.junitbench.measure.PhaseRun;
import dev.junitbench.measure.Progress;
import dev.junitbench.profile.MeasurementProfile;
import dev.junitbench.results.Phase;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.TokenRecorder;
import java.util.ArrayList;
import java.util.List;

/**
 * One measurement as it goes: its progress, when warm-up ended, the probes' session while it runs
 * and the generating workers, so a failure still records how far it got and closes what it made.
 */
final class Measuring implements MeasurementLoop.PhaseListener {
  final Progress progress = new Progress();
  final List<Worker> workers = new ArrayList<>();
  final JvmActivity jvm;
  private final TokenRecorder recorder;
  private ResourceSampler.Session probes;
  private boolean probesStopped;
  private Phase warmup;
  private MeasurementProfile profile;

  /**
   * A measurement of a scenario that records its tokens to {@code recorder}, or null if it does not
   * generate.
   */
  Measuring(TokenRecorder recorder) {
    this(recorder, Machine.real());
  }

  /** A measurement whose JVM activity is read from {@code machine}. */
  Measuring(TokenRecorder recorder, Machine machine) {
    this.recorder = recorder;
    this.jvm = new JvmActivity(machine);
  }

  @Override
  public void warmupDone(PhaseRun run) {
    warmup = run.warmupPhase();
    if (recorder != null) {
      recorder.startMeasuring();
    }
    for (Worker worker : workers) {
      worker.recorder().startMeasuring();
    }
    probes.measurementStarts();
    if (profile != null) {
      // After the probes: the profile covers the measurement, not the start of the probes.
      profile.start();
    }
    // After the profiler: its start-up (agent load, JIT of its code) is not the benchmark's GC or
    // JIT.
    jvm.start();
  }

  /** The profile to record while the measurement runs; none when not called. */
  void profile(MeasurementProfile measurementProfile) {
    profile = measurementProfile;
  }

  /** Stops the profile, once: what it recorded, or null when none was asked for or started. */
  ProfileFigures stopProfile() {
    return profile == null ? null : profile.stop();
  }

  /** The warm-up as it ran, or null before it ended. */
  Phase warmup() {
    return warmup;
  }

  /** The probes' session of this measurement, prepared before warm-up. */
  void probes(ResourceSampler.Session session) {
    probes = session;
  }

  /** Stops the probes at the measurement's end: their figures for {@code items} measured. */
  ResourceSampler.Figures stopProbes(long items, ResourceSampler.Reading footprint) {
    probesStopped = true;
    return probes.stop(items, footprint);
  }

  /** The result of a measurement that failed: the phase that failed, as far as it ran. */
  ScenarioResult asFarAsItRan(ScenarioResult planned) {
    Phase partial = Phase.of(progress.iterations.get(), System.nanoTime() - progress.phaseStartNs);
    return (warmup == null
            ? planned.measured(partial, null, null, null, null, null)
            : planned.measured(warmup, partial, null, null, null, null))
        .withProfile(stopProfile());
  }

  /**
   * Stops the profile and the probes if the measurement failed before it did (their figures are not
   * wanted), closes the workers.
   */
  void end() {
    stopProfile();
    if (probes != null && !probesStopped) {
      try {
        probes.stop(0, null);
      } catch (RuntimeException | LinkageError e) {
        // The benchmark's own failure is what is reported.
      }
    }
    for (Worker worker : workers) {
      worker.close();
    }
  }
}
