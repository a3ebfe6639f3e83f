package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.apache.maven.model.Plugin;
import org.apache.maven.model.PluginExecution;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.codehaus.plexus.util.xml.Xpp3Dom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Settings no goal reads")
class UnknownSettingsTests {

  private static final Set<String> PROPERTIES =
      Set.of(
          "junit-bench.threshold", "junit-bench.baseline", "junit-bench.db", "junit-bench.alpha");

  private static final Set<String> PARAMETERS = Set.of("threshold", "baseline", "db", "alpha");

  @Test
  @DisplayName("a misspelled -D property is named with the property it was probably meant to be")
  void misspelledProperty() {
    assertThat(
            UnknownSettings.properties(Map.of("junit-bench.treshold", "50%"), PROPERTIES, Map.of()))
        .containsExactly(
            "-Djunit-bench.treshold is not a property of junit-bench's goals; did you mean"
                + " junit-bench.threshold?");
  }

  @Test
  @DisplayName("a -D property far from every name lists the names the goals read")
  void farProperty() {
    assertThat(
            UnknownSettings.properties(Map.of("junit-bench.colour", "red"), PROPERTIES, Map.of()))
        .singleElement()
        .asString()
        .contains("the goals read junit-bench.alpha, junit-bench.baseline")
        .contains("junit-bench:help");
  }

  @Test
  @DisplayName("known properties and other prefixes are left alone")
  void knownProperties() {
    assertThat(
            UnknownSettings.properties(
                Map.of(
                    "junit-bench.threshold", "5%",
                    "junit.bench.baseline", "x",
                    "groups", "performance"),
                PROPERTIES,
                Map.of()))
        .isEmpty();
  }

  @Test
  @DisplayName("a -D property the project defines in its own <properties> is the project's")
  void projectProperty() {
    Map<String, String> given =
        Map.of("junit-bench.version", "0.2.0", "junit-bench.treshold", "50%");

    assertThat(
            UnknownSettings.properties(given, PROPERTIES, Map.of("junit-bench.version", "0.1.0")))
        .singleElement()
        .asString()
        .startsWith("-Djunit-bench.treshold is not a property");
  }

  @Test
  @DisplayName("a misspelled name in the plugin's or an execution's configuration is named")
  void misspelledConfiguration() {
    Plugin plugin = new Plugin();
    plugin.setArtifactId("junit-bench-maven-plugin");
    plugin.setConfiguration(configuration("treshold", "baseline"));
    PluginExecution execution = new PluginExecution();
    execution.setConfiguration(configuration("aplha"));
    plugin.addExecution(execution);

    assertThat(UnknownSettings.configuration(plugin, PARAMETERS))
        .containsExactly(
            "<aplha> in the configuration of junit-bench-maven-plugin is not a parameter of its"
                + " goals; did you mean alpha?",
            "<treshold> in the configuration of junit-bench-maven-plugin is not a parameter of its"
                + " goals; did you mean threshold?");
  }

  @Test
  @DisplayName("the known names come from the goals' parameters, read-only ones left out")
  void fromDescriptor() throws Exception {
    PluginDescriptor plugin = new PluginDescriptor();
    MojoDescriptor goal = new MojoDescriptor();
    goal.setGoal("compare");
    goal.setPluginDescriptor(plugin);
    goal.addParameter(parameter("threshold", "${junit-bench.threshold}", true));
    goal.addParameter(parameter("resultsDirectory", null, true));
    goal.addParameter(parameter("session", "${session}", false));
    plugin.addMojo(goal);

    UnknownSettings.Known known = UnknownSettings.known(plugin);

    assertThat(known.properties()).containsExactly("junit-bench.threshold");
    assertThat(known.parameters()).containsExactlyInAnyOrder("threshold", "resultsDirectory");
  }

  private static Xpp3Dom configuration(String... names) {
    Xpp3Dom dom = new Xpp3Dom("configuration");
    for (String name : names) {
      dom.addChild(new Xpp3Dom(name));
    }
    return dom;
  }

  private static Parameter parameter(String name, String expression, boolean editable) {
    Parameter parameter = new Parameter();
    parameter.setName(name);
    parameter.setExpression(expression);
    parameter.setEditable(editable);
    return parameter;
  }
}
