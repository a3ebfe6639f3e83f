package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.ArrayList;
import java.util.List;
import org.apiguardian.api.API;

/**
 * JVM options for forks: a line split as a shell would (blanks separate, quotes group, a backslash
 * escapes a quote, a backslash or a blank, and is kept before anything else, so Windows paths such
 * as {@code C:\cuda\bin} survive), and options checked before any fork starts.
 */
@API(status = INTERNAL, since = "0.1")
public final class JvmArgs {

  private JvmArgs() {}

  /**
   * The options in {@code line}: {@code -Xmx1g "-Dname=a b"} is two options.
   *
   * @param where what the line came from, for the error message
   * @throws BenchmarkConfigurationException when a quote is not closed
   */
  public static List<String> split(String line, String where) {
    List<String> args = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    boolean inArg = false;
    char quote = 0;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '\\' && quote != '\'' && i + 1 < line.length() && escapable(line.charAt(i + 1))) {
        current.append(line.charAt(++i));
        inArg = true;
      } else if (quote != 0) {
        if (c == quote) {
          quote = 0;
        } else {
          current.append(c);
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
        inArg = true;
      } else if (Character.isWhitespace(c)) {
        if (inArg) {
          args.add(current.toString());
          current.setLength(0);
          inArg = false;
        }
      } else {
        current.append(c);
        inArg = true;
      }
    }
    if (quote != 0) {
      throw new BenchmarkConfigurationException(
          where
              + "="
              + line
              + " is not valid: a "
              + quote
              + " is not closed;"
              + " close it, or escape it with a backslash");
    }
    if (inArg) {
      args.add(current.toString());
    }
    return args;
  }

  private static boolean escapable(char c) {
    return c == '"' || c == '\'' || c == '\\' || Character.isWhitespace(c);
  }

  /**
   * Checks options before a fork gets them: each must be one JVM option, and none may set the class
   * path or a jar to run, which forks are given by junit-bench.
   *
   * @param where what the options came from, for the error message: {@code @Fork(jvmArgs) on m of
   *     C}
   * @throws BenchmarkConfigurationException naming the option and the fix
   */
  public static List<String> checked(List<String> options, String where) {
    for (String option : options) {
      if (!option.startsWith("-")) {
        throw new BenchmarkConfigurationException(
            where
                + ": \""
                + option
                + "\" is not a JVM option (options"
                + " start with -); give each option whole, such as \"-Xmx2g\", never \"-Xmx\", \"2g\"");
      }
      if (CLASS_PATH_OPTIONS.contains(option)) {
        throw new BenchmarkConfigurationException(
            where
                + ": "
                + option
                + " cannot be given to forks: they get the"
                + " test class path as the test class loader sees it and run junit-bench's own main class; remove it");
      }
    }
    return options;
  }

  private static final List<String> CLASS_PATH_OPTIONS =
      List.of("-cp", "-classpath", "--class-path", "-jar", "--module-path", "-p", "-m", "--module");
}
