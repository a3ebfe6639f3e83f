package dev.junitbench.reports.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.junitbench.fuzz.Scratch;
import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.cli.Main;
import dev.junitbench.reports.runset.RunSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What the command line reads, fuzzed: a run set's runset.json, and the command line's own
 * arguments. Any input ends read (or run) or in the documented outcome: a {@link BadInputException}
 * naming the file; an exit code of 0, 1, 2 or 4 with a message, never 3 (an internal error) or an
 * exception.
 */
class ReportInputsFuzzTests {

  private static final Path DIR;

  static {
    try {
      DIR = Files.createTempDirectory("junit-bench-fuzz-");
      Files.createDirectories(DIR.resolve("set/run-a"));
      Files.createDirectories(DIR.resolve("cli"));
      Runtime.getRuntime().addShutdownHook(new Thread(() -> Scratch.delete(DIR)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code name} as a file inside {@code scratch}: no separators, and never {@code ..}. */
  private static String inside(Path scratch, String name) {
    String flat = name.replace('/', '_').replace('\\', '_').replace("..", "__");
    return scratch.resolve(flat.isEmpty() ? "_" : flat).toString();
  }

  @FuzzTest(maxDuration = "3m")
  void runSet(byte[] input) throws IOException {
    Path set = DIR.resolve("set");
    Files.write(set.resolve(RunSet.INDEX), input);
    try {
      RunSet read = RunSet.read(set);
      assertThat(read.members()).isNotNull();
    } catch (BadInputException e) {
      assertThat(e.getMessage()).contains(set.resolve(RunSet.INDEX).toString());
    }
  }

  /** The command line's commands and subcommands, kept as they are among the arguments. */
  private static final List<String> COMMANDS =
      List.of("report", "compare", "export-jmh", "merge", "history", "import", "trend", "check");

  /**
   * The arguments are the input's NUL-separated parts; each that is not an option or a command is
   * taken inside a scratch folder, so whatever a command writes lands there.
   */
  @FuzzTest(maxDuration = "3m")
  void commandLine(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    List<String> args = new ArrayList<>();
    Path scratch = DIR.resolve("cli");
    for (String part : text.split("\u0000", -1)) {
      int equals = part.indexOf('=');
      if (part.startsWith("-") && equals > 0) {
        // --output=FILE, -o=FILE: the value, too, inside the scratch folder.
        args.add(part.substring(0, equals + 1) + inside(scratch, part.substring(equals + 1)));
      } else if (part.startsWith("-") || part.isEmpty() || COMMANDS.contains(part)) {
        args.add(part);
      } else {
        args.add(inside(scratch, part));
      }
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        Main.execute(args.toArray(String[]::new), new PrintWriter(out), new PrintWriter(err));
    assertThat(code).as("exit code of %s: %s", args, err).isIn(0, 1, 2, 4);
  }
}
