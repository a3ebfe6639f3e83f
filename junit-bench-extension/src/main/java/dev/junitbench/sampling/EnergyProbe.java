package dev.junitbench.sampling;

import dev.junitbench.results.Aggregation;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The energy of one inference: the CPU packages' powercap counters over the measurement (read at
 * least once a second by the sampler thread), plus the GPU's mean power draw times the wall time
 * when the GPU probe measured one.
 */
final class EnergyProbe implements Probe, ResourceSampler.CountersFirst {

  private final Path powercapRoot;
  private final SamplerThread thread;
  private EnergyMeter energy;
  private boolean stopped;
  private Double cpuJoules;

  EnergyProbe(Path powercapRoot, SamplerThread thread) {
    this.powercapRoot = powercapRoot;
    this.thread = thread;
  }

  @Override
  public String name() {
    return "energy";
  }

  @Override
  public void measurementStarts() {
    energy = EnergyMeter.start(Powercap.at(powercapRoot));
    thread.readEnergy(energy);
  }

  @Override
  public void readCountersEnd() {
    if (energy != null && !stopped) {
      stopped = true;
      cpuJoules = energy.stop();
    }
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) {
    ProbeFigures out = new ProbeFigures();
    if (energy == null) {
      return out; // the measurement never started: nothing to read
    }
    energy
        .failure()
        .ifPresent(reason -> out.unavailable("powercap", ResourceSampler.warn("powercap", reason)));
    readCountersEnd();
    double joules = 0;
    List<String> sources = new ArrayList<>();
    if (cpuJoules != null && cpuJoules > 0) {
      joules += cpuJoules;
      sources.add("powercap");
    } else if (energy.failure().isEmpty()) {
      out.unavailable(
          "powercap", energy.stopFailure().orElse("the energy counters did not advance"));
    }
    Double gpuPower = end.figure("energy", "gpu_power_avg_w");
    if (gpuPower != null) {
      joules += gpuPower * end.wallNs() / 1e9;
      sources.add("nvidia-smi");
    }
    if (end.items() <= 0) {
      out.unavailable("joules_per_inference", "no inference was measured");
    }
    // Energy per inference is a ratio, not a total: across forks it is their mean.
    if (sources.isEmpty() || end.items() <= 0) {
      return out.put("joules_per_inference", null, Aggregation.AVERAGE);
    }
    return out.put("joules_per_inference", joules / end.items(), Aggregation.AVERAGE)
        .text("source", String.join("+", sources));
  }
}
