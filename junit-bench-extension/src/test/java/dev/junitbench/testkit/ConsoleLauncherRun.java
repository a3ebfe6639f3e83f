package dev.junitbench.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * Runs the JUnit Console Launcher in a JVM of its own on the test class path, as a user's CI step
 * would: listeners from ServiceLoader, system properties and junit-platform.properties read.
 */
public final class ConsoleLauncherRun {

  /** Copied by the build (maven-dependency-plugin); never on the test class path. */
  private static final Path LAUNCHER =
      Path.of("target", "console-launcher", "junit-platform-console-standalone.jar");

  /**
   * What the launcher printed, its exit code, its pid, and the run folders it left in {@code
   * outputDir}.
   */
  public record Outcome(int exitCode, String printed, long pid, List<Path> runs) {}

  private ConsoleLauncherRun() {}

  /**
   * Runs the launcher with {@code jvmOptions} before {@code -jar} and {@code launcherArgs} after
   * {@code execute}, the folders {@code classPathFirst} ahead of the test class path; the log goes
   * to {@code log}, the run folders are read from {@code outputDir}.
   */
  public static Outcome run(
      List<String> jvmOptions,
      List<Path> classPathFirst,
      List<String> launcherArgs,
      Path log,
      Path outputDir)
      throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        Files.isRegularFile(LAUNCHER),
        LAUNCHER.toAbsolutePath()
            + " is missing: the build copies"
            + " it in generate-test-resources; run the tests through Maven");
    // The test classes and their libraries; the launcher brings its own JUnit Platform.
    String classPath =
        Stream.concat(
                classPathFirst.stream().map(Path::toString),
                Arrays.stream(
                    System.getProperty(
                            "surefire.test.class.path", System.getProperty("java.class.path"))
                        .split(File.pathSeparator)))
            .filter(
                entry -> {
                  String slashed = entry.replace(File.separatorChar, '/');
                  return !slashed.contains("/org/junit/")
                      && !slashed.contains("/opentest4j/")
                      && !slashed.contains("/apiguardian/");
                })
            .collect(Collectors.joining(File.pathSeparator));
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.addAll(
        List.of(
            "-jar",
            LAUNCHER.toString(),
            "execute",
            "--disable-banner",
            "--disable-ansi-colors",
            "--class-path",
            classPath));
    command.addAll(launcherArgs);
    Process launcher =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    // A generous bound on a busy machine: the JVMs start, the fixtures measure a few iterations.
    boolean ended = launcher.waitFor(5, TimeUnit.MINUTES);
    if (!ended) {
      launcher.destroyForcibly();
    }
    String printed = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(ended).as("the launcher ended; it printed:%n%s", printed).isTrue();
    List<Path> runs = List.of();
    if (Files.isDirectory(outputDir)) {
      try (Stream<Path> entries = Files.list(outputDir)) {
        runs = entries.toList();
      }
    }
    return new Outcome(launcher.exitValue(), printed, launcher.pid(), runs);
  }
}
