package it.modular;

import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ProbeEnd;
import dev.junitbench.spi.ProbeFigures;
import java.lang.management.ManagementFactory;

/**
 * A user's probe, declared with {@code provides} in the module: classes loaded during the
 * measurement.
 */
public final class ClassCountProbe implements Probe {

  private long before;

  @Override
  public String name() {
    return "class_count";
  }

  @Override
  public void measurementStarts() {
    before = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
  }

  @Override
  public ProbeFigures measurementEnds(ProbeEnd end) {
    long loaded = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount() - before;
    return new ProbeFigures().put("loaded", loaded).put("items", end.items());
  }
}
