package dev.junitbench;

import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.fork.ForkHandBack;
import dev.junitbench.fork.ForkLauncher;
import dev.junitbench.fork.ForkRequest;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a fork's scenario through the JUnit Platform, as the JUnit JVM would have: the benchmark
 * method selected with its configuration, and the scenario's result taken from the extension.
 */
final class PlatformLauncher implements ForkLauncher {

  @Override
  public ForkHandBack run(ForkRequest request) {
    DiscoverySelector selector =
        request.enclosingClasses().isEmpty()
            ? DiscoverySelectors.selectMethod(
                request.testClass(), request.method(), request.parameterTypes())
            : DiscoverySelectors.selectNestedMethod(
                request.enclosingClasses(),
                request.testClass(),
                request.method(),
                request.parameterTypes());
    LauncherDiscoveryRequest discovery =
        LauncherDiscoveryRequestBuilder.request()
            .selectors(selector)
            .configurationParameters(request.configuration())
            .build();
    Outcome outcome = new Outcome();
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      LauncherFactory.create().execute(discovery, outcome);
    }
    if (outcome.handBack == null) {
      return new ForkHandBack(
          Status.FAILED,
          outcome.containerError != null
              ? outcome.containerError
              : "the fork ran no scenario of "
                  + ScenarioKey.benchmarkId(request.testClass(), request.method())
                  + ": the method was not found or not run on the fork's class path",
          outcome.stackTrace,
          null,
          null,
          null);
    }
    return outcome.handBack;
  }

  /** Collects how the one scenario ended, with its result from the extension. */
  private static final class Outcome implements TestExecutionListener {
    private ForkHandBack handBack;
    private String containerError;
    private String stackTrace;

    @Override
    public void executionSkipped(TestIdentifier identifier, String reason) {
      if (identifier.isTest() && handBack == null) {
        handBack = new ForkHandBack(Status.SKIPPED, reason, null, null, null, null);
      }
    }

    @Override
    public void executionFinished(TestIdentifier identifier, TestExecutionResult result) {
      Throwable thrown = result.getThrowable().orElse(null);
      if (!identifier.isTest()) {
        if (thrown != null && containerError == null) {
          // A @BeforeAll or the class's constructor failed before any scenario ran.
          containerError = thrown.toString();
          stackTrace = stackTrace(thrown);
        }
        return;
      }
      ScenarioResult measured = ResultExchange.take(identifier.getUniqueId());
      handBack =
          switch (result.getStatus()) {
            case SUCCESSFUL ->
                measured != null && measured.latencyMs() != null
                    ? new ForkHandBack(
                        Status.PASSED,
                        null,
                        null,
                        measured.withoutSamples(),
                        measured.samplesNs(),
                        measured.tokenNs())
                    : new ForkHandBack(
                        Status.FAILED,
                        "the benchmark was not measured in the fork: another extension"
                            + " intercepted its invocation",
                        null,
                        null,
                        null,
                        null);
            case ABORTED ->
                new ForkHandBack(
                    Status.ABORTED,
                    thrown == null ? null : thrown.getMessage(),
                    null,
                    null,
                    null,
                    null);
            case FAILED ->
                new ForkHandBack(
                    Status.FAILED,
                    thrown == null ? "failed" : thrown.toString(),
                    thrown == null ? null : stackTrace(thrown),
                    null,
                    null,
                    null);
          };
      if (thrown != null && result.getStatus() == TestExecutionResult.Status.FAILED) {
        thrown.printStackTrace();
      }
    }

    private static String stackTrace(Throwable thrown) {
      StringWriter text = new StringWriter();
      thrown.printStackTrace(new PrintWriter(text));
      return text.toString();
    }
  }
}
