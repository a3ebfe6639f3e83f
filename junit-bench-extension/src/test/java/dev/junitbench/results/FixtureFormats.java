package dev.junitbench.results;

import dev.junitbench.spi.ResultFormat;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Result formats of the tests, registered in META-INF/services and off unless a test switches them
 * on.
 */
final class FixtureFormats {

  private FixtureFormats() {}

  /** Writes one line per call into fixture.txt: what it was told, and when. */
  public static final class Recording implements ResultFormat {
    @Override
    public String name() {
      return "fixture";
    }

    @Override
    public boolean enabledByDefault() {
      return false;
    }

    @Override
    public void scenarioWritten(RunFolder run) throws Exception {
      append(
          run,
          "scenario "
              + run.results().size()
              + " "
              + run.results().get(run.results().size() - 1).displayName()
              + " samples="
              + run.samples().of(run.results().get(run.results().size() - 1).id()).length);
    }

    @Override
    public List<Path> runFinished(RunFolder run) throws Exception {
      return List.of(
          append(run, "finished " + run.results().size() + " " + run.run().finishedAt()));
    }

    private static Path append(RunFolder run, String line) throws Exception {
      Path file = run.dir().resolve("fixture.txt");
      List<String> lines =
          Files.exists(file) ? new ArrayList<>(Files.readAllLines(file)) : new ArrayList<>();
      lines.add(line);
      Files.write(file, lines, StandardCharsets.UTF_8);
      return file;
    }
  }

  /** Cannot even say whether it is on, once a test arms it. */
  public static final class Unruly implements ResultFormat {
    static volatile boolean armed;

    @Override
    public String name() {
      return "unruly";
    }

    @Override
    public boolean enabledByDefault() {
      if (armed) {
        throw new IllegalStateException("no opinion");
      }
      return false;
    }

    @Override
    public List<Path> runFinished(RunFolder run) {
      throw new AssertionError("never called");
    }
  }

  /** Fails its end of run with an error, not an exception. */
  public static final class Asserting implements ResultFormat {
    @Override
    public String name() {
      return "asserting";
    }

    @Override
    public boolean enabledByDefault() {
      return false;
    }

    @Override
    public List<Path> runFinished(RunFolder run) {
      throw new AssertionError("the fixture's own assertion");
    }
  }

  /** Throws from every call. */
  public static final class Throwing implements ResultFormat {
    @Override
    public String name() {
      return "throwing";
    }

    @Override
    public boolean enabledByDefault() {
      return false;
    }

    @Override
    public void scenarioWritten(RunFolder run) {
      throw new IllegalStateException("disk quota of the fixture exceeded");
    }

    @Override
    public List<Path> runFinished(RunFolder run) {
      throw new IllegalStateException("disk quota of the fixture exceeded");
    }
  }
}
