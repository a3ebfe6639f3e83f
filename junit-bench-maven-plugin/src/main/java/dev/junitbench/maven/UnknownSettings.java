package dev.junitbench.maven;

import dev.junitbench.keys.Suggestions;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.codehaus.plexus.util.xml.Xpp3Dom;

/**
 * Finds settings no goal of the plugin reads: {@code -Djunit-bench.*} properties, which Maven
 * passes silently, and names in the pom's {@code <configuration>} of the plugin, which Maven 3.8
 * drops silently (3.9 warns). A misspelled {@code treshold} would otherwise leave the default in
 * force without a word.
 */
final class UnknownSettings {

  /** The prefix of every property the goals read. */
  static final String PREFIX = "junit-bench.";

  /**
   * What the goals read.
   *
   * @param properties the user properties ({@code junit-bench.threshold})
   * @param parameters the names in {@code <configuration>} ({@code threshold})
   */
  record Known(Set<String> properties, Set<String> parameters) {}

  private UnknownSettings() {}

  /** The properties and parameter names of every goal of {@code plugin}. */
  static Known known(PluginDescriptor plugin) {
    Set<String> properties = new TreeSet<>();
    Set<String> parameters = new TreeSet<>();
    for (MojoDescriptor goal : plugin.getMojos()) {
      for (Parameter parameter : goal.getParameters()) {
        String expression = parameter.getExpression();
        if (expression != null
            && expression.startsWith("${" + PREFIX)
            && expression.endsWith("}")) {
          properties.add(expression.substring(2, expression.length() - 1));
        }
        if (parameter.isEditable()) {
          parameters.add(parameter.getName());
          if (parameter.getAlias() != null) {
            parameters.add(parameter.getAlias());
          }
        }
      }
    }
    return new Known(properties, parameters);
  }

  /**
   * One line per property of {@code given} that starts with {@code junit-bench.} and is not {@code
   * known}, with the known name it was probably meant to be; empty when there is none. A name the
   * project defines itself (in {@code projectProperties}, a pom's {@code <properties>}, such as
   * {@code junit-bench.version}) is the project's, not a misspelling.
   */
  static List<String> properties(
      Map<?, ?> given, Collection<String> known, Map<?, ?> projectProperties) {
    List<String> problems = new ArrayList<>();
    for (String name : new TreeSet<>(given.keySet().stream().map(String::valueOf).toList())) {
      if (name.startsWith(PREFIX)
          && !known.contains(name)
          && !projectProperties.containsKey(name)) {
        problems.add(
            "-D"
                + name
                + " is not a property of junit-bench's goals; "
                + advice(name, known, PREFIX.length()));
      }
    }
    return problems;
  }

  /**
   * One line per name in the configuration of {@code plugin} (its own and its executions') that no
   * goal has as a parameter, with the name it was probably meant to be; empty when there is none.
   */
  static List<String> configuration(Plugin plugin, Collection<String> known) {
    List<String> problems = new ArrayList<>();
    List<Object> configurations = new ArrayList<>();
    configurations.add(plugin.getConfiguration());
    for (PluginExecution execution : plugin.getExecutions()) {
      configurations.add(execution.getConfiguration());
    }
    Set<String> names = new TreeSet<>();
    for (Object configuration : configurations) {
      if (configuration instanceof Xpp3Dom dom) {
        for (Xpp3Dom child : dom.getChildren()) {
          names.add(child.getName());
        }
      }
    }
    for (String name : names) {
      if (!known.contains(name)) {
        problems.add(
            "<"
                + name
                + "> in the configuration of "
                + plugin.getArtifactId()
                + " is not a parameter of its goals; "
                + advice(name, known, 0));
      }
    }
    return problems;
  }

  /** {@code did you mean junit-bench.threshold?}, or the names there are. */
  private static String advice(String name, Collection<String> known, int prefix) {
    String rest = name.substring(prefix);
    int best = Integer.MAX_VALUE;
    List<String> closest = new ArrayList<>();
    for (String candidate : new TreeSet<>(known)) {
      int distance = Suggestions.distance(rest, candidate.substring(prefix));
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
