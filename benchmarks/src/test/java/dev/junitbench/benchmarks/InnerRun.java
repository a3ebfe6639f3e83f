package dev.junitbench.benchmarks;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.ScenarioResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a class of benchmarks through a Launcher of its own inside a self-check, with the
 * configuration given and no result files, and returns what the harness measured of each scenario
 * that passed: the self-checks compare runs that differ in one setting, in one JVM.
 */
final class InnerRun {

  private InnerRun() {}

  static List<ScenarioResult> run(Class<?> benchmarks, Map<String, String> config) {
    LauncherDiscoveryRequestBuilder request =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selectClass(benchmarks))
            .enableImplicitConfigurationParameters(false)
            .configurationParameter("junit.bench.progress", "false");
    config.forEach(request::configurationParameter);
    List<ScenarioResult> results = new ArrayList<>();
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      LauncherFactory.create(
              LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build())
          .execute(
              request.build(),
              new TestExecutionListener() {
                @Override
                public void executionFinished(
                    TestIdentifier identifier, TestExecutionResult result) {
                  ScenarioResult scenario = ResultExchange.take(identifier.getUniqueId());
                  if (scenario != null && scenario.latencyMs() != null) {
                    results.add(scenario);
                  }
                  // A self-check that measured nothing must say why, not only that it got nothing.
                  result
                      .getThrowable()
                      .ifPresent(
                          failure ->
                              System.err.println(
                                  identifier.getDisplayName() + " did not pass: " + failure));
                }
              });
    }
    return results;
  }
}
