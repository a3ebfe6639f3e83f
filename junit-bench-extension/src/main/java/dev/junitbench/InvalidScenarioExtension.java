package dev.junitbench;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.infra.Scenario;
import dev.junitbench.results.ScenarioResult;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * The one invocation of a benchmark whose configuration is invalid (or whose run was given a key
 * nobody knows): it records a failed result under the benchmark's name and fails with the reason
 * before anything is set up, so the error is reported like any other outcome. A test class whose
 * constructor takes a {@link Scenario} or a {@link Blackhole} is still made (with no scenario), so
 * that error, not a missing parameter, is what fails.
 */
final class InvalidScenarioExtension implements BeforeEachCallback, ParameterResolver {

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

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == Scenario.class || type == Blackhole.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Blackhole.class ? new Blackhole() : null;
  }
}
