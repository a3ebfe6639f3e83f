package dev.junitbench.reports.cli;

import dev.junitbench.reports.BadInputException;
import dev.junitbench.reports.action.Outcome;
import dev.junitbench.reports.action.SettingValues;
import dev.junitbench.reports.history.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * The command line of junit-bench's reports: {@code report}, {@code compare}, {@code export-jmh},
 * {@code merge}, {@code history}. Exit codes: 0 ok, 1 a regression (compare, history check), 2 bad
 * input (arguments or files), 3 an internal error, 4 NOT JUDGED (history check: no series has the
 * runs to be judged).
 */
@Command(
    name = "junit-bench-reports",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description =
        "Reports, comparisons and exports of junit-bench run folders (run-<time>-<id>/ under"
            + " target/benchmark-results/), and of JMH's result files (-rf json) wherever a run"
            + " folder is read.",
    subcommands = {
      ReportCommand.class,
      CompareCommand.class,
      ExportJmhCommand.class,
      MergeCommand.class,
      HistoryCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done; compare: no scenario regressed",
      "1:compare: a scenario regressed; history check: a series's newest change point or SUSPECTED step is a"
          + " regression",
      "2:bad input: an argument, a missing or damaged file (the message names it)",
      "3:an internal error",
      "4:history check: NOT JUDGED, no series has the runs to be judged (0 with --allow-unjudged)"
    })
public final class Main implements Runnable {

  /** Exit code of a comparison that found a regression. */
  public static final int REGRESSION = Outcome.REGRESSION.exitCode();

  /** Exit code of bad input. */
  public static final int BAD_INPUT = Outcome.BAD_INPUT.exitCode();

  /** Exit code of an internal error. */
  public static final int INTERNAL = 3;

  /** Exit code of a history check that could judge no series. */
  public static final int NOT_JUDGED = Outcome.NOT_JUDGED.exitCode();

  @Spec CommandSpec spec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(
        spec.commandLine(), "name a command: report, compare, export-jmh, merge or history");
  }

  /** Runs the command line and exits with its code. */
  public static void main(String[] args) {
    System.exit(
        execute(
            args,
            new PrintWriter(System.out, true, Charset.defaultCharset()),
            new PrintWriter(System.err, true, Charset.defaultCharset())));
  }

  /** Runs the command line, printing on {@code out} and {@code err}; returns the exit code. */
  public static int execute(String[] args, PrintWriter out, PrintWriter err) {
    CommandLine line = new CommandLine(new Main());
    line.setOut(out);
    line.setErr(err);
    line.setParameterExceptionHandler(
        (e, arguments) -> {
          CommandLine failed = e.getCommandLine();
          failed
              .getErr()
              .println(
                  nameOf(failed)
                      + ": "
                      + e.getMessage()
                      + " (see "
                      + failed.getCommandSpec().qualifiedName()
                      + " --help)");
          return BAD_INPUT;
        });
    line.setExecutionExceptionHandler(
        (e, failed, parseResult) -> {
          if (e instanceof BadInputException
              || e instanceof IOException
              || e instanceof StoreException) {
            failed.getErr().println(nameOf(failed) + ": " + e.getMessage());
            return BAD_INPUT;
          }
          failed.getErr().println(nameOf(failed) + ": internal error, please report it: " + e);
          e.printStackTrace(failed.getErr());
          return INTERNAL;
        });
    int code;
    try {
      code = line.execute(args);
    } catch (Throwable e) {
      // An error picocli does not handle (out of memory, say) must not exit 1, which means
      // "regression".
      err.println("junit-bench-reports: internal error, please report it: " + e);
      code = INTERNAL;
    }
    out.flush();
    err.flush();
    return code;
  }

  /**
   * A command's name in messages: {@code compare}, {@code history check}; the tool's own for
   * itself.
   */
  private static String nameOf(CommandLine command) {
    String name = command.getCommandSpec().qualifiedName(" ");
    int space = name.indexOf(' ');
    return space < 0 ? name : name.substring(space + 1);
  }

  /**
   * Fails, as bad input, when {@code file} cannot be written because its folder does not exist:
   * said before any work, so nothing is half-written.
   */
  static void requireFolderOf(Path file) throws IOException {
    SettingValues.requireFolderOf("-o", file);
  }

  /** The version of junit-bench-reports, from its jar. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() throws IOException {
      Properties properties = new Properties();
      try (InputStream in =
          Main.class.getResourceAsStream("/dev/junitbench/reports/reports.properties")) {
        if (in != null) {
          properties.load(in);
        }
      }
      return new String[] {
        "junit-bench-reports "
            + properties.getProperty("version", "unknown")
            + " (Chart.js "
            + properties.getProperty("chartjs.version", "unknown")
            + ")"
      };
    }
  }
}
