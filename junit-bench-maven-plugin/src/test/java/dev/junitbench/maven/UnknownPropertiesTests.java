package dev.junitbench.maven;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.maven.plugin.descriptor.MojoDescriptor;
import org.apache.maven.plugin.descriptor.Parameter;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Unknown -Djunit-bench.* properties")
class UnknownPropertiesTests {

  private static final Set<String> KNOWN =
      Set.of(
          "junit-bench.threshold", "junit-bench.baseline", "junit-bench.db", "junit-bench.alpha");

  @Test
  @DisplayName("are named with the property they were probably meant to be")
  void misspelled() {
    assertThat(UnknownProperties.problems(Map.of("junit-bench.treshold", "50%"), KNOWN))
        .containsExactly(
            "-Djunit-bench.treshold is not a property of junit-bench's goals; did you mean"
                + " junit-bench.threshold?");
  }

  @Test
  @DisplayName("far from every name list the names the goals read")
  void far() {
    assertThat(UnknownProperties.problems(Map.of("junit-bench.colour", "red"), KNOWN))
        .singleElement()
        .asString()
        .contains("the goals read junit-bench.alpha, junit-bench.baseline")
        .contains("junit-bench:help");
  }

  @Test
  @DisplayName("leave known properties and other prefixes alone")
  void known() {
    assertThat(
            UnknownProperties.problems(
                Map.of(
                    "junit-bench.threshold", "5%",
                    "junit.bench.baseline", "x",
                    "groups", "performance"),
                KNOWN))
        .isEmpty();
  }

  @Test
  @DisplayName("known ones come from the goals' parameter expressions")
  void fromDescriptor() throws Exception {
    PluginDescriptor plugin = new PluginDescriptor();
    MojoDescriptor goal = new MojoDescriptor();
    goal.setGoal("compare");
    goal.setPluginDescriptor(plugin);
    for (String expression :
        List.of("${junit-bench.threshold}", "${project.basedir}", "${session}")) {
      Parameter parameter = new Parameter();
      parameter.setName(expression.replaceAll("\\W", ""));
      parameter.setExpression(expression);
      goal.addParameter(parameter);
    }
    plugin.addMojo(goal);

    assertThat(UnknownProperties.known(plugin)).containsExactly("junit-bench.threshold");
  }
}
