package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ProfileFigures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Where this JVM records its profiles until the run folder takes them: one temporary folder per
 * JVM, so a fork needs no word of the run folder and a run folder that cannot be written costs the
 * profile only when it is moved there. A fork records into a folder of its JUnit JVM's, which
 * removes it; a folder is removed once the run folder took its last profile, and what is left at
 * the JVM's end is removed then, except a profile a warning named because it could not be moved.
 */
@API(status = INTERNAL, since = "0.1")
public final class ProfileStaging {

  /** System property: the folder the staging folder is made in; the temporary folder if unset. */
  public static final String ROOT = "junit.bench.profile.staging";

  /** System property a fork gets: the folder its JUnit JVM made for its profiles. */
  static final String FORK_FOLDER = "junit.bench.profile.staging.fork";

  private static final String PREFIX = "junit-bench-profiles";

  private static Path folder;
  private static boolean cleanedAtExit;
  private static final Set<Path> kept = new HashSet<>();

  private ProfileStaging() {}

  /** A new, empty file for one profile. */
  static synchronized Path newFile() throws IOException {
    String fork = System.getProperty(FORK_FOLDER);
    if (fork != null) {
      // The JUnit JVM made this folder and removes it with what is left in it.
      return Files.createTempFile(Files.createDirectories(Path.of(fork)), "measurement-", ".jfr");
    }
    return Files.createTempFile(folder(), "measurement-", ".jfr");
  }

  /**
   * A new, empty folder for one fork's profiles, as the system property {@link #FORK_FOLDER} the
   * fork is to be given: its name and value.
   */
  public static synchronized List<String> forFork() throws IOException {
    return List.of(
        FORK_FOLDER, Files.createTempDirectory(folder(), "fork-").toAbsolutePath().toString());
  }

  /**
   * A fork given {@code forkFolder} ({@link #forFork()}) ended: the folder goes with what the fork
   * left there unless it {@code handedBack} its profile, which the run folder then takes; an empty
   * one goes either way.
   */
  public static synchronized void forkEnded(String forkFolder, boolean handedBack) {
    Path forks = Path.of(forkFolder);
    if (handedBack) {
      removeIfEmpty(forks);
    } else {
      // A fork that died mid-profile leaves a partial recording no result names.
      deleteTree(forks, Set.of());
    }
    removeIfEmpty(folder);
  }

  /**
   * Leaves the staged {@code file} where it is at the JVM's end: a warning names it, so its user
   * can take it from there.
   */
  public static synchronized void keep(Path file) {
    kept.add(file.toAbsolutePath());
  }

  /**
   * After the run folder took or refused {@code profile}'s files: deletes those still staged that
   * were not {@linkplain #keep kept}, then each folder they were in and this JVM's staging folder
   * where those are empty.
   */
  public static synchronized void done(ProfileFigures profile) {
    if (profile == null || profile.jfr() == null) {
      return;
    }
    for (String name : profile.jfr()) {
      Path file = Path.of(name);
      if (!file.isAbsolute() || !staged(file)) {
        continue;
      }
      if (!kept.contains(file.toAbsolutePath())) {
        try {
          Files.deleteIfExists(file);
        } catch (IOException e) {
          // Removed at the JVM's end.
        }
      }
      if (!file.getParent().equals(folder)) {
        removeIfEmpty(file.getParent());
      }
    }
    removeIfEmpty(folder);
  }

  /** Whether {@code file} lies in this JVM's staging folder. */
  private static boolean staged(Path file) {
    return folder != null && file.toAbsolutePath().normalize().startsWith(folder);
  }

  private static Path folder() throws IOException {
    Path root =
        Path.of(System.getProperty(ROOT, System.getProperty("java.io.tmpdir")))
            .toAbsolutePath()
            .normalize();
    if (folder == null || !Files.isDirectory(folder) || !folder.getParent().equals(root)) {
      Files.createDirectories(root);
      folder = Files.createTempDirectory(root, PREFIX).toAbsolutePath().normalize();
      if (!cleanedAtExit) {
        cleanedAtExit = true;
        Runtime.getRuntime()
            .addShutdownHook(new Thread(ProfileStaging::cleanUp, "junit-bench profile staging"));
      }
    }
    return folder;
  }

  /** At the JVM's end: what no run folder took and no warning named goes. */
  private static synchronized void cleanUp() {
    if (folder != null) {
      deleteTree(folder, kept);
    }
  }

  /** Deletes {@code tree} but for the files of {@code keep} and the folders that hold them. */
  private static void deleteTree(Path tree, Set<Path> keep) {
    if (!Files.exists(tree)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(tree)) {
      paths
          .sorted(Comparator.reverseOrder())
          .filter(path -> !keep.contains(path.toAbsolutePath()))
          .forEach(
              path -> {
                try {
                  Files.deleteIfExists(path);
                } catch (DirectoryNotEmptyException e) {
                  // It holds a kept profile.
                } catch (IOException e) {
                  // Nothing more to do for it at this point.
                }
              });
    } catch (IOException | UncheckedIOException e) {
      // Whatever could not be listed stays.
    }
  }

  private static void removeIfEmpty(Path empty) {
    if (empty == null) {
      return;
    }
    try {
      Files.deleteIfExists(empty);
    } catch (DirectoryNotEmptyException | NoSuchFileException e) {
      // Still in use, or gone.
    } catch (IOException e) {
      // Removed at the JVM's end.
    }
  }
}
