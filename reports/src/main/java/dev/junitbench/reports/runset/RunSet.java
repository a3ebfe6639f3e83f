package dev.junitbench.reports.runset;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.results.ResultsJson;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Runs of several machines kept together: a folder holding each member's run folder unchanged under
 * its label ({@code LABEL/run-<time>-<id>/}) and {@value #INDEX}, which names them. Readers never
 * pool scenarios of different members: a member is one host.
 *
 * @param schemaVersion the index's format version
 * @param createdAt when the set was made (ISO-8601 UTC)
 * @param members the runs, in the order they were given
 */
public record RunSet(int schemaVersion, String createdAt, List<Member> members) {

  /** The index file of a run set. */
  public static final String INDEX = "runset.json";

  /** The version of the index format. */
  public static final int SCHEMA_VERSION = 1;

  private static final ObjectMapper MAPPER = ResultsJson.mapper();

  /**
   * One machine's run in the set.
   *
   * @param label the host's label in the set (a CI matrix entry: {@code ubuntu-24.04}, {@code
   *     gpu-a10})
   * @param path the run folder, relative to the set's folder: {@code LABEL/run-<time>-<id>}
   * @param runId the run's id
   * @param hostName the host's name as the run recorded it, or null
   * @param cpuModel the host's CPU, or null
   * @param gpus the host's GPUs, comma-separated, or null
   * @param startedAt when the run started
   */
  public record Member(
      String label,
      String path,
      String runId,
      String hostName,
      String cpuModel,
      String gpus,
      String startedAt) {}

  /** Whether {@code dir} is a run set (holds {@value #INDEX}). */
  public static boolean isRunSet(Path dir) {
    return Files.isRegularFile(dir.resolve(INDEX));
  }

  /** The run set at {@code dir}, its members checked to be there. */
  public static RunSet read(Path dir) throws BadInputException {
    Path index = dir.resolve(INDEX);
    RunSet set;
    try {
      set = MAPPER.readValue(index.toFile(), RunSet.class);
    } catch (JsonProcessingException e) {
      throw new BadInputException(
          index
              + " is not a run set index ("
              + e.getOriginalMessage()
              + "); make the set"
              + " again with merge",
          e);
    } catch (IOException e) {
      throw new BadInputException(index + " cannot be read (" + e + ")", e);
    }
    if (set == null || set.members() == null) {
      throw new BadInputException(index + " lists no members; make the set again with merge");
    }
    if (set.schemaVersion() != SCHEMA_VERSION) {
      throw new BadInputException(
          index
              + " has schema_version "
              + set.schemaVersion()
              + "; this junit-bench reads "
              + SCHEMA_VERSION
              + ": read it with the junit-bench version that wrote it");
    }
    Set<String> labels = new HashSet<>();
    for (Member member : set.members()) {
      if (member == null
          || member.label() == null
          || member.path() == null
          || !labels.add(member.label())) {
        throw new BadInputException(
            index
                + " has a member without a label or path, or two with the label '"
                + (member == null ? null : member.label())
                + "'; make the set again with merge");
      }
      Path root = dir.toAbsolutePath().normalize();
      Path folder;
      try {
        folder = root.resolve(member.path()).normalize();
      } catch (InvalidPathException e) {
        folder = null;
      }
      // A member read from a JMH result file is that file, copied whole into the set.
      if (folder == null
          || !folder.startsWith(root)
          || !(Files.isDirectory(folder) || Files.isRegularFile(folder))) {
        throw new BadInputException(
            index
                + " names member '"
                + member.label()
                + "' at "
                + member.path()
                + ", which is not a folder (or a JMH result file) inside the set; make the set"
                + " again with merge");
      }
    }
    return set;
  }

  /** Writes the index into {@code dir}, atomically. */
  public void write(Path dir) throws IOException {
    AtomicFiles.write(dir.resolve(INDEX), (out, previous) -> MAPPER.writeValue(out, this));
  }

  /** The run folder of {@code member} in the set at {@code dir}, or its JMH result file. */
  public static Path folderOf(Path dir, Member member) {
    return dir.toAbsolutePath().normalize().resolve(member.path()).normalize();
  }
}
