package dev.junitbench.fuzz;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The fuzz tests' scratch folder, deleted with all it holds when their JVM ends. */
public final class Scratch {

  private Scratch() {}

  /** Deletes {@code dir} and all it holds; what cannot be deleted stays. */
  public static void delete(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      // A folder in the temporary directory that outlives its JVM costs nothing worse.
    }
  }
}
