package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.engine.ScenarioRun;
import java.util.List;
import org.junit.jupiter.api.extension.Extension;
import org.junit.jupiter.api.extension.TestTemplateInvocationContext;

/**
 * One scenario of a benchmark as a JUnit invocation: its display name and the extension that runs
 * it.
 */
final class ScenarioInvocation implements TestTemplateInvocationContext {

  private final String displayName;
  private final Extension extension;

  private ScenarioInvocation(String displayName, Extension extension) {
    this.displayName = displayName;
    this.extension = extension;
  }

  /** The invocation that measures {@code run}'s scenario. */
  static ScenarioInvocation of(ScenarioRun run) {
    return new ScenarioInvocation(run.scenario().displayName(), new ScenarioExtension(run));
  }

  /**
   * The one invocation of a benchmark whose configuration is invalid: it fails with {@code error}.
   */
  static ScenarioInvocation invalid(String benchmark, BenchmarkConfigurationException error) {
    return new ScenarioInvocation(
        InvalidScenarioExtension.DISPLAY_NAME, new InvalidScenarioExtension(benchmark, error));
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
