package dev.junitbench.reports.runset;

import dev.junitbench.environment.GpuInfo;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.Runs;
import dev.junitbench.reports.history.RunSources;
import dev.junitbench.results.RunFolder;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Makes a run set from runs of several machines: each run folder copied unchanged under its label,
 * the index written last, so a folder with an index is a complete set.
 */
public final class RunSetMerge {

  /** A run folder's folder of profiles, copied with it. */
  private static final String PROFILES = "profiles";

  /** Labels become folder names: letters, digits, dot, dash, underscore. */
  private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,99}");

  /** One run to merge, and the label it gets (null: the run's host name). */
  public record Input(Path run, String label) {

    /** {@code LABEL=RUN_DIR}, or a plain {@code RUN_DIR}; a run set's members keep their labels. */
    public static Input parse(String argument) {
      int equals = argument.indexOf('=');
      if (equals > 0 && LABEL.matcher(argument.substring(0, equals)).matches()) {
        return new Input(Path.of(argument.substring(equals + 1)), argument.substring(0, equals));
      }
      return new Input(Path.of(argument), null);
    }
  }

  private RunSetMerge() {}

  /**
   * Merges {@code inputs} into {@code target}, which must not exist or be empty.
   *
   * @return the set written
   * @throws BadInputException naming a run that cannot be read, a label used twice or unfit for a
   *     folder name
   */
  public static RunSet merge(List<Input> inputs, Path target)
      throws BadInputException, IOException {
    Map<String, RunFolder> members = new LinkedHashMap<>();
    for (Input input : inputs) {
      if (Files.isDirectory(input.run()) && RunSet.isRunSet(input.run())) {
        RunSet set = RunSet.read(input.run());
        for (RunSet.Member member : set.members()) {
          put(
              members,
              member.label(),
              Runs.read(RunSet.folderOf(input.run(), member)),
              input.run());
        }
        continue;
      }
      RunFolder run = Runs.read(input.run());
      Runs.samplesOrNull(run);
      if (run.jmhVersion() != null && input.label() == null) {
        throw new BadInputException(
            input.run()
                + " is a JMH result file, which records no machine: give it the machine's label,"
                + " LABEL="
                + input.run()
                + " (linux-x64="
                + input.run()
                + ")");
      }
      String label =
          input.label() != null ? input.label() : folderName(RunSources.labelOf(run.run().host()));
      put(members, label, run, input.run());
    }
    if (members.isEmpty()) {
      throw new BadInputException("no run to merge; give LABEL=RUN_DIR for each machine");
    }
    prepare(target);
    List<RunSet.Member> index = new ArrayList<>();
    for (Map.Entry<String, RunFolder> entry : members.entrySet()) {
      RunFolder run = entry.getValue();
      Path relative = Path.of(entry.getKey()).resolve(run.name());
      if (run.jmhVersion() != null) {
        // A JMH file is the whole run; its folder may hold anything else.
        Files.createDirectories(target.resolve(relative).getParent());
        Files.copy(run.resultsFile(), target.resolve(relative), StandardCopyOption.COPY_ATTRIBUTES);
      } else {
        copy(run.dir(), target.resolve(relative));
      }
      var host = run.run().host();
      String gpus =
          host == null || host.gpus() == null
              ? null
              : host.gpus().stream()
                  .map(GpuInfo::name)
                  .filter(Objects::nonNull)
                  .collect(Collectors.joining(", "));
      index.add(
          new RunSet.Member(
              entry.getKey(),
              relative.toString().replace('\\', '/'),
              run.run().id(),
              host == null ? null : host.name(),
              host == null ? null : host.cpuModel(),
              gpus == null || gpus.isEmpty() ? null : gpus,
              run.run().startedAt()));
    }
    RunSet set = new RunSet(RunSet.SCHEMA_VERSION, Instant.now().toString(), List.copyOf(index));
    set.write(target);
    return set;
  }

  private static void put(Map<String, RunFolder> members, String label, RunFolder run, Path given)
      throws BadInputException {
    if (!LABEL.matcher(label).matches()) {
      throw new BadInputException(
          "the label '"
              + label
              + "' of "
              + given
              + " cannot name a folder; give one of"
              + " letters, digits, '.', '-' and '_' as LABEL="
              + given);
    }
    if (members.containsKey(label)) {
      throw new BadInputException(
          "two runs have the label '"
              + label
              + "' ("
              + members.get(label).dir()
              + " and "
              + given
              + "); a set holds one run per machine: give each its own label as LABEL=RUN_DIR");
    }
    members.put(label, run);
  }

  /** A host's name made fit for a folder: other characters become '-'. */
  private static String folderName(String label) {
    String name = label.replaceAll("[^A-Za-z0-9._-]", "-").replaceAll("^[^A-Za-z0-9]+", "");
    return name.isEmpty() ? "host" : name.length() > 100 ? name.substring(0, 100) : name;
  }

  private static void prepare(Path target) throws IOException, BadInputException {
    if (Files.exists(target)) {
      if (!Files.isDirectory(target)) {
        throw new BadInputException(target + " is a file; give -o a folder to create");
      }
      try (Stream<Path> entries = Files.list(target)) {
        if (entries.findAny().isPresent()) {
          throw new BadInputException(
              target
                  + " is not empty; give -o a new folder (a set is never merged into"
                  + " another folder's files)");
        }
      }
    }
    Files.createDirectories(target);
  }

  private static void copy(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        // The profiles (JFR files, flame graphs) the results name, so the set's report links to
        // them.
        if (Files.isDirectory(file) && file.getFileName().toString().equals(PROFILES)) {
          copy(file, to.resolve(PROFILES));
        } else if (Files.isRegularFile(file)) {
          try {
            Files.copy(
                file,
                to.resolve(file.getFileName().toString()),
                StandardCopyOption.COPY_ATTRIBUTES);
          } catch (FileAlreadyExistsException e) {
            throw new IOException(
                to + " already holds " + file.getFileName() + "; give -o a new folder", e);
          }
        }
      }
    }
  }
}
