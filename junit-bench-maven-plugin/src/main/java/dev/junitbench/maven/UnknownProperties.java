package dev.junitbench.maven;

import dev.junitbench.keys.Suggestions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;

/**
 * Finds {@code -Djunit-bench.*} properties that no goal of the plugin reads: Maven passes any user
 * property silently, so a misspelled {@code -Djunit-bench.treshold} would otherwise leave the
 * default in force without a word.
 */
final class UnknownProperties {

  /** The prefix of every property the goals read. */
  static final String PREFIX = "junit-bench.";

  private UnknownProperties() {}

  /** The user properties every goal of {@code plugin} reads, from its parameters' expressions. */
  static Set<String> known(PluginDescriptor plugin) {
    Set<String> known = new TreeSet<>();
    for (MojoDescriptor goal : plugin.getMojos()) {
      for (Parameter parameter : goal.getParameters()) {
        String expression = parameter.getExpression();
        if (expression != null
            && expression.startsWith("${" + PREFIX)
            && expression.endsWith("}")) {
          known.add(expression.substring(2, expression.length() - 1));
        }
      }
    }
    return known;
  }

  /**
   * One line per property of {@code given} that starts with {@code junit-bench.} and is not {@code
   * known}, with the known name it was probably meant to be; empty when there is none.
   */
  static List<String> problems(Map<?, ?> given, Collection<String> known) {
    List<String> problems = new ArrayList<>();
    for (Object key : new TreeSet<>(given.keySet().stream().map(String::valueOf).toList())) {
      String name = key.toString();
      if (name.startsWith(PREFIX) && !known.contains(name)) {
        problems.add(
            "-D" + name + " is not a property of junit-bench's goals; " + advice(name, known));
      }
    }
    return problems;
  }

  /** {@code did you mean junit-bench.threshold?}, or where the names are listed. */
  private static String advice(String name, Collection<String> known) {
    String rest = name.substring(PREFIX.length());
    int best = Integer.MAX_VALUE;
    List<String> closest = new ArrayList<>();
    for (String candidate : new TreeSet<>(known)) {
      int distance = Suggestions.distance(rest, candidate.substring(PREFIX.length()));
      if (distance < best) {
        best = distance;
        closest.clear();
      }
      if (distance == best) {
        closest.add(candidate);
      }
    }
    if (best <= Math.max(2, rest.length() / 4)) {
      return "did you mean " + String.join(" or ", closest) + "?";
    }
    return "the goals read "
        + String.join(", ", new TreeSet<>(known))
        + " (mvn junit-bench:help -Ddetail)";
  }
}
