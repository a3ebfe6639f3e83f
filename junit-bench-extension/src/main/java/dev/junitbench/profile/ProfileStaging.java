package dev.junitbench.profile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where this JVM records its profiles until the run folder takes them: one temporary folder per
 * JVM, so a fork needs no word of the run folder and a run folder that cannot be written costs the
 * profile only when it is moved there.
 */
final class ProfileStaging {

  private static Path folder;

  private ProfileStaging() {}

  /** A new, empty file for one profile. */
  static synchronized Path newFile() throws IOException {
    if (folder == null || !Files.isDirectory(folder)) {
      folder = Files.createTempDirectory("junit-bench-profiles");
      // Gone at the JVM's end once the run folder took every profile; left where one stayed.
      folder.toFile().deleteOnExit();
    }
    return Files.createTempFile(folder, "measurement-", ".jfr");
  }
}
