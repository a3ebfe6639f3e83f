package dev.junitbench.runtime;

import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a fixture class in a child JVM the way a build does (listeners from ServiceLoader, so the
 * result files are written), with JVM options or a class path this JVM cannot have: a runtime whose
 * native library fails to load, say.
 */
final class ChildRun {

  /** What the child JVM printed, and the results.json it wrote. */
  record Outcome(int exitCode, String output, JsonNode results) {}

  private ChildRun() {}

  /**
   * Runs {@code fixture} in a child JVM with {@code jvmOptions}, on this JVM's class path minus the
   * entries {@code dropFromClassPath} matches, writing results under {@code outputDir}.
   */
  static Outcome run(
      Class<?> fixture,
      Path outputDir,
      List<String> jvmOptions,
      Predicate<String> dropFromClassPath)
      throws IOException, InterruptedException {
    String classPath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(dropFromClassPath.negate())
            .collect(Collectors.joining(File.pathSeparator));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-cp", classPath, ChildRun.class.getName(), fixture.getName(), outputDir.toString()));
    Path log = Files.createTempFile(outputDir.getParent(), "child", ".log");
    Process process =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      if (!process.waitFor(3, TimeUnit.MINUTES)) {
        throw new AssertionError(
            "the child JVM did not end within 3 minutes: " + Files.readString(log));
      }
    } finally {
      process.destroyForcibly();
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    JsonNode results = null;
    if (Files.isDirectory(outputDir)) {
      try (Stream<Path> runs = Files.list(outputDir)) {
        Path runDir =
            runs.filter(Files::isDirectory)
                .findFirst()
                .orElseThrow(
                    () ->
                        new AssertionError(
                            "no run folder in " + outputDir + "; child output:\n" + output));
        results = new ObjectMapper().readTree(runDir.resolve("results.json").toFile());
      }
    }
    return new Outcome(process.exitValue(), output, results);
  }

  /** The child: {@code args[0]} is the fixture class, {@code args[1]} the output folder. */
  public static void main(String[] args) throws ClassNotFoundException {
    LauncherFactory.create()
        .execute(
            LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(Class.forName(args[0])))
                .enableImplicitConfigurationParameters(false)
                .configurationParameter("junit.bench.output.dir", args[1])
                .configurationParameter("junit.bench.progress", "false")
                .configurationParameter("junit.bench.warmup.iterations", "1")
                .configurationParameter("junit.bench.measurement.iterations", "3")
                .build());
  }
}
