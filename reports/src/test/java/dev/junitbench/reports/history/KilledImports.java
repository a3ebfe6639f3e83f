package dev.junitbench.reports.history;

import dev.junitbench.testkit.TestJvm;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Imports in a JVM of their own ({@link KilledImport}) that stop at a named point. */
final class KilledImports {

  private KilledImports() {}

  /** An import of {@code run} into {@code location} that stops at {@code point}. */
  static Process start(StoreLocation location, Path run, String point) throws IOException {
    return new ProcessBuilder(
            TestJvm.command(
                KilledImport.class.getName(),
                location.url(),
                location.user() == null ? "-" : location.user(),
                location.password() == null ? "-" : location.password(),
                run.toString(),
                point))
        .redirectError(ProcessBuilder.Redirect.INHERIT)
        .start();
  }

  /** The first line the import said: {@code at POINT} once it is held there. */
  static String said(Process importer) throws IOException {
    return new BufferedReader(
            new InputStreamReader(importer.getInputStream(), StandardCharsets.UTF_8))
        .readLine();
  }

  /**
   * {@code history import} of {@code runs} into {@code location} by the command line, in a JVM of
   * its own that waits up to 10 minutes for a DuckDB file another process holds; output and errors
   * on its standard output.
   */
  static Process cli(StoreLocation location, List<Path> runs) throws IOException {
    List<String> command =
        TestJvm.command(
            List.of("-D" + LockWait.PROPERTY + "=10m"),
            "dev.junitbench.reports.cli.Main",
            List.of("history", "import", "--db", location.url()));
    if (location.user() != null) {
      command.addAll(List.of("--user", location.user()));
    }
    if (location.password() != null) {
      command.addAll(List.of("--password", location.password()));
    }
    runs.forEach(run -> command.add(run.toString()));
    return new ProcessBuilder(command).redirectErrorStream(true).start();
  }
}
