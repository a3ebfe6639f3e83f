package dev.junitbench;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.gate.Gate;
import dev.junitbench.infra.Scenario;
import dev.junitbench.spi.Backends;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/** One scenario of a benchmark as a JUnit invocation: its display name and the extension that runs it. */
final class ScenarioInvocation implements TestTemplateInvocationContext {

  private final String displayName;
  private final ScenarioExtension extension;

  private ScenarioInvocation(String displayName, ScenarioExtension extension) {
    this.displayName = displayName;
    this.extension = extension;
  }

  static ScenarioInvocation of(BenchmarkPlan plan, Scenario scenario, int index, BenchmarkPlan.Jvms jvms,
      BenchConfig config, Backends backends, Gate gate) {
    return new ScenarioInvocation(scenario.displayName(), new ScenarioExtension(plan.benchmark(), scenario, index,
        jvms, scenario.parameters(), plan, config, backends, gate, null));
  }

  static ScenarioInvocation invalid(String benchmark, BenchmarkConfigurationException error) {
    String name = "[invalid configuration]";
    return new ScenarioInvocation(name,
        new ScenarioExtension(benchmark, null, -1, BenchmarkPlan.Jvms.HERE, Map.of(), null, null, null, null, error));
  }

  @Override
  public String getDisplayName(int invocationIndex) {
    return displayName;
  }

  @Override
  public List<Extension> getAdditionalExtensions() {
    return List.of(extension);
  }
}
