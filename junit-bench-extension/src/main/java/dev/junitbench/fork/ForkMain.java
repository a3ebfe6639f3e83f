package dev.junitbench.fork;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.exchange.ResultExchange;
import dev.junitbench.results.AtomicFiles;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The main class of a fork's JVM: runs one scenario of one benchmark method through the JUnit
 * Platform, as the JUnit JVM would have, and writes what happened to the hand-back file. It writes
 * no run folder and never forks again; its exit code is 0 whenever the hand-back was written.
 */
public final class ForkMain {

  /** Reads what it hands back; a newer field is no reason to lose a measurement. */
  static final ObjectMapper MAPPER = ResultsJson.mapper()
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ForkMain() {}

  /** {@code args[0]}: the request file written by the JUnit JVM. */
  public static void main(String[] args) {
    // The JUnit JVM reads this output as UTF-8, whatever the platform's encoding.
    System.setOut(new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    // A fork whose JUnit JVM is gone (killed, or stopped from the IDE) has nobody to hand back to.
    ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    int exit = 0;
    try {
      ForkRequest request = MAPPER.readValue(Path.of(args[0]).toFile(), ForkRequest.class);
      ForkHandBack handBack = run(request);
      AtomicFiles.write(Path.of(request.handBack()), (out, previous) -> MAPPER.writeValue(out, handBack));
    } catch (Throwable e) {
      System.err.println("junit-bench fork: " + e);
      e.printStackTrace();
      exit = 1;
    }
    System.out.flush();
    System.err.flush();
    // Processes the benchmark started must not outlive the fork and hold its output open.
    ProcessHandle.current().descendants().forEach(ProcessHandle::destroyForcibly);
    // Native thread pools and user threads must not keep the fork alive once it has handed back.
    System.exit(exit);
  }

  private static ForkHandBack run(ForkRequest request) {
    for (Map.Entry<String, String> property : request.systemProperties().entrySet()) {
      if (System.getProperty(property.getKey()) == null) {
        System.setProperty(property.getKey(), property.getValue());
      }
    }
    DiscoverySelector selector = request.enclosingClasses().isEmpty()
        ? DiscoverySelectors.selectMethod(request.testClass(), request.method(), request.parameterTypes())
        : DiscoverySelectors.selectNestedMethod(request.enclosingClasses(), request.testClass(), request.method(),
            request.parameterTypes());
    LauncherDiscoveryRequest discovery = LauncherDiscoveryRequestBuilder.request()
        .selectors(selector)
        .configurationParameters(request.configuration())
        .build();
    Outcome outcome = new Outcome();
    try (ResultExchange.Subscription subscription = ResultExchange.subscribe()) {
      LauncherFactory.create().execute(discovery, outcome);
    }
    if (outcome.handBack == null) {
      return new ForkHandBack(Status.FAILED, outcome.containerError != null ? outcome.containerError
          : "the fork ran no scenario of " + ScenarioKey.benchmarkId(request.testClass(), request.method())
              + ": the method was not"
              + " found or not run on the fork's class path", outcome.stackTrace, null, null, null);
    }
    ScenarioResult result = outcome.handBack.result();
    if (result != null && !request.displayName().equals(result.displayName())) {
      return new ForkHandBack(Status.FAILED, "the fork expanded the benchmark differently: its scenario is "
          + result.displayName() + ", the JUnit JVM's " + request.displayName() + "; a benchmark's dimensions"
          + " must not depend on the JVM", null, null, null, null);
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
      handBack = switch (result.getStatus()) {
        case SUCCESSFUL -> measured != null && measured.latencyMs() != null
            ? new ForkHandBack(Status.PASSED, null, null, measured.withoutSamples(), measured.samplesNs(),
                measured.tokenNs())
            : new ForkHandBack(Status.FAILED, "the benchmark was not measured in the fork: another extension"
                + " intercepted its invocation", null, null, null, null);
        case ABORTED -> new ForkHandBack(Status.ABORTED, thrown == null ? null : thrown.getMessage(), null,
            null, null, null);
        case FAILED -> new ForkHandBack(Status.FAILED, thrown == null ? "failed" : thrown.toString(),
            thrown == null ? null : stackTrace(thrown), null, null, null);
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
