package dev.junitbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("JVM options in one line")
class JvmArgsTests {

  @Test
  @DisplayName("split on blanks, grouped by quotes, escaped by backslashes")
  void split() {
    assertThat(JvmArgs.split("  -Xmx1g   \"-Dname=a b\" '-Dq=\"x\"' -Dp=c\\ d ", "w"))
        .containsExactly("-Xmx1g", "-Dname=a b", "-Dq=\"x\"", "-Dp=c d");
    assertThat(JvmArgs.split("", "w")).isEmpty();
    assertThat(JvmArgs.split("\"\"", "w")).containsExactly("");
    assertThat(JvmArgs.split("-Djava.library.path=C:\\cuda\\bin \"-Dd=C:\\Program Files\\x\"", "w"))
        .as("a backslash before anything else is kept: Windows paths survive")
        .containsExactly("-Djava.library.path=C:\\cuda\\bin", "-Dd=C:\\Program Files\\x");
    assertThat(JvmArgs.split("-Dq=a\\\"b -Dtrail\\", "w")).containsExactly("-Dq=a\"b", "-Dtrail\\");
  }

  @Test
  @DisplayName("are one JVM option each, and never set the class path or a jar to run")
  void checked() {
    assertThat(JvmArgs.checked(List.of("-Xmx2g", "-XX:+UseParallelGC"), "w")).hasSize(2);
    assertThatThrownBy(() -> JvmArgs.checked(List.of("-Xmx", "2g"), "@Fork(jvmArgs) on m of C"))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "@Fork(jvmArgs) on m of C: \"2g\" is not a JVM option (options start with -); give each option"
                + " whole, such as \"-Xmx2g\", never \"-Xmx\", \"2g\"");
    assertThatThrownBy(() -> JvmArgs.checked(List.of("-cp"), "w"))
        .hasMessage(
            "w: -cp cannot be given to forks: they get the test class path as the test class loader sees it"
                + " and run junit-bench's own main class; remove it");
  }

  @Test
  @DisplayName("refuse an unclosed quote, naming where the line came from")
  void refused() {
    assertThatThrownBy(() -> JvmArgs.split("-Xmx1g \"-Dx=a", "-Djunit.bench.forks.jvm-args"))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-Djunit.bench.forks.jvm-args=-Xmx1g \"-Dx=a is not valid: a \" is not closed; close it, or escape"
                + " it with a backslash");
  }
}
