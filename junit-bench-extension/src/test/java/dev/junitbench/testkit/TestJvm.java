package dev.junitbench.testkit;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of a JVM of its own for a test: this JVM's {@code java}, the JVM options, this
 * JVM's class path, the main class and its arguments.
 */
public final class TestJvm {

  private TestJvm() {}

  /** {@code java [options] -cp <this class path> mainClass [args]}. */
  public static List<String> command(List<String> options, String mainClass, List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(options);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass);
    command.addAll(args);
    return command;
  }

  /** {@code java -cp <this class path> mainClass [args]}. */
  public static List<String> command(String mainClass, String... args) {
    return command(List.of(), mainClass, List.of(args));
  }
}
