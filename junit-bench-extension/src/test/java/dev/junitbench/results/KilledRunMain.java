package dev.junitbench.results;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.junitbench.output.ResultsListener;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The child JVM of {@link KilledRunTests}: runs {@link KilledRunTests.KilledRunTestCases} through a
 * launcher that registers its listeners the way a build does (ServiceLoader, so the {@link
 * ResultsListener} writes), results under {@code args[0]}. A scenario of the fixture halts the JVM,
 * so this never returns normally.
 */
public final class KilledRunMain {

  /** Set only in the child JVM: the fixture halts only then. */
  static volatile boolean armed;

  private KilledRunMain() {}

  public static void main(String[] args) {
    armed = true;
    Launcher launcher = LauncherFactory.create();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(KilledRunTests.KilledRunTestCases.class))
            .enableImplicitConfigurationParameters(false)
            .configurationParameter("junit.bench.output.dir", args[0])
            .configurationParameter("junit.bench.progress", "false")
            .configurationParameter("junit.bench.warmup.iterations", "1")
            .configurationParameter("junit.bench.measurement.iterations", "7")
            .build());
    // Only reached when the fixture did not halt: the test sees exit status 3, not 137.
    System.exit(3);
  }
}
