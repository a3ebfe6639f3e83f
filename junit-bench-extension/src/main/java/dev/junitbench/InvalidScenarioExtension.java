package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one invocation of a benchmark whose configuration is invalid (or whose run was given a key
 * nobody knows): it records a failed result under the benchmark's name and fails with the reason
 * before anything is set up, so the error is reported like any other outcome.
 */
final class InvalidScenarioExtension implements BeforeEachCallback {

  static final String DISPLAY_NAME = "[invalid configuration]";

  private final String benchmark;
  private final BenchmarkConfigurationException error;

  InvalidScenarioExtension(String benchmark, BenchmarkConfigurationException error) {
    this.benchmark = benchmark;
    this.error = error;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    ResultExchange.put(
        context.getUniqueId(), ScenarioResult.planned(benchmark, DISPLAY_NAME, Map.of()));
    throw error;
  }
}
