package dev.junitbench;

import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import java.util.Map;

/** Scenarios for tests outside this package, whose constructor is not public. */
public final class TestScenarios {

  private TestScenarios() {}

  /**
   * A scenario of {@code X#m} on {@code device} with the given mode and threads (each may be null).
   */
  public static Scenario on(Device device, String mode, Integer threads) {
    return new Scenario("X#m", device, device, null, null, null, mode, threads, Map.of(), null);
  }
}
