package dev.junitbench.fork;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;

/**
 * The main class of a fork's JVM: runs one scenario of one benchmark method through the request's
 * {@link ForkLauncher} (the JUnit Platform's, from the JUnit adapter), as the JUnit JVM would have,
 * and writes what happened to the hand-back file. It writes no run folder and never forks again;
 * its exit code is 0 whenever the hand-back was written.
 */
public final class ForkMain {

  /** Reads what it hands back; a newer field is no reason to lose a measurement. */
  public static final ObjectMapper MAPPER =
      ResultsJson.mapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

  private ForkMain() {}

  /** {@code args[0]}: the request file written by the JUnit JVM. */
  @SuppressWarnings(
      "FutureReturnValueIgnored") // the halt on the parent's exit is awaited by nobody
  public static void main(String[] args) {
    // The JUnit JVM reads this output as UTF-8, whatever the platform's encoding.
    System.setOut(
        new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8));
    System.setErr(
        new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8));
    // A fork whose JUnit JVM is gone (killed, or stopped from the IDE) has nobody to hand back to.
    ProcessHandle.current()
        .parent()
        .ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(3)));
    int exit = 0;
    try {
      ForkRequest request = MAPPER.readValue(Path.of(args[0]).toFile(), ForkRequest.class);
      ForkHandBack handBack = run(request);
      AtomicFiles.write(
          Path.of(request.handBack()), (out, previous) -> MAPPER.writeValue(out, handBack));
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

  private static ForkHandBack run(ForkRequest request) throws ReflectiveOperationException {
    for (Map.Entry<String, String> property : request.systemProperties().entrySet()) {
      if (System.getProperty(property.getKey()) == null) {
        System.setProperty(property.getKey(), property.getValue());
      }
    }
    Constructor<?> constructor = Class.forName(request.launcher()).getDeclaredConstructor();
    constructor.setAccessible(true);
    ForkHandBack handBack = ((ForkLauncher) constructor.newInstance()).run(request);
    ScenarioResult result = handBack.result();
    if (result != null && !request.displayName().equals(result.displayName())) {
      return new ForkHandBack(
          Status.FAILED,
          "the fork expanded the benchmark differently: its scenario is "
              + result.displayName()
              + ", the JUnit JVM's "
              + request.displayName()
              + "; a benchmark's dimensions"
              + " must not depend on the JVM",
          null,
          null,
          null,
          null);
    }
    return handBack;
  }
}
