package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * What a fork's JVM is told about itself: it is fork {@code fork} of {@code forks} and measures the
 * scenario at {@code scenario} in its benchmark's expansion. Written by the JUnit JVM as the value
 * of {@link BenchConfig#FORK_CHILD}: {@code fork/forks/scenario}.
 *
 * @param fork this fork, from 1
 * @param forks forks of the scenario
 * @param scenario the scenario's index in its benchmark's expansion, from 0
 */
@API(status = INTERNAL, since = "0.1")
public record ForkChild(int fork, int forks, int scenario) {

  /** The value of {@link BenchConfig#FORK_CHILD} for this fork. */
  public String value() {
    return fork + "/" + forks + "/" + scenario;
  }

  static ForkChild parse(String value) {
    String[] parts = value.split("/", -1);
    try {
      if (parts.length == 3) {
        ForkChild child =
            new ForkChild(
                Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Integer.parseInt(parts[2]));
        if (child.fork >= 1 && child.fork <= child.forks && child.scenario >= 0) {
          return child;
        }
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new BenchmarkConfigurationException(
        BenchConfig.FORK_CHILD
            + "="
            + value
            + " is not valid; it is set by"
            + " junit-bench for its own child JVMs as fork/forks/scenario and is not a setting: remove it");
  }
}
