package dev.junitbench.reports.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The committed run of the shipped suite (src/test/resources/shipped-run): 120 scenarios, 57 not
 * run, as a default run wrote them.
 */
final class ShippedRun {

  private ShippedRun() {}

  /** The run folder. */
  static Path folder() {
    try {
      Path root = Path.of(ShippedRun.class.getResource("/shipped-run").toURI());
      try (Stream<Path> runs = Files.list(root)) {
        return runs.filter(p -> p.getFileName().toString().startsWith("run-"))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no run folder in " + root));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
