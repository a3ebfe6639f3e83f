package dev.junitbench.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A fork's command line")
class ChildJvmTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "holds java.class.path, then the URLs of every URL class loader from the outermost to the test's")
  void classPathOfLoaders() throws IOException {
    Path outer = Files.createDirectories(tempDir.resolve("outer classes"));
    Path inner = Files.createDirectories(tempDir.resolve("inner"));
    try (URLClassLoader outerLoader =
            new URLClassLoader(new URL[] {outer.toUri().toURL()}, getClass().getClassLoader());
        URLClassLoader innerLoader =
            new URLClassLoader(
                new URL[] {inner.toUri().toURL(), outer.toUri().toURL()}, outerLoader)) {
      List<String> classPath = ChildJvm.classPath(innerLoader);
      List<String> system =
          List.of(System.getProperty("java.class.path").split(File.pathSeparator));
      assertThat(classPath).startsWith(system.toArray(String[]::new));
      assertThat(classPath.subList(system.size(), classPath.size()))
          .as("outer loader first, each entry once, spaces kept")
          .containsExactly(outer.toString(), inner.toString());
    }
  }

  @Test
  @DisplayName(
      "passes options through an argument file, quoted so spaces, quotes and backslashes survive")
  void argumentFile() throws IOException {
    ChildJvm jvm =
        new ChildJvm(
            Path.of("/opt/java/bin/java"),
            List.of("-Xmx1g", "-Dname=a \"b\" c\\d"),
            List.of("/a b/classes", "/lib/x.jar"));
    Path argFile = tempDir.resolve("jvm.args");
    List<String> command = jvm.command(argFile, "example.Main", "request.json");
    assertThat(command)
        .containsExactly("/opt/java/bin/java", "@" + argFile, "example.Main", "request.json");
    assertThat(Files.readAllLines(argFile))
        .containsExactly(
            "\"-Xmx1g\"",
            "\"-Dname=a \\\"b\\\" c\\\\d\"",
            "-cp",
            "\"/a b/classes" + File.pathSeparator + "/lib/x.jar\"");
  }

  @Test
  @DisplayName(
      "leaves a debugger's agent out of the JUnit JVM's options and appends the fork's own")
  void options() {
    ChildJvm jvm =
        ChildJvm.of(
            Path.of("java"),
            ChildJvmTests.class,
            List.of(
                "-Xmx1g",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005",
                "-Xrunjdwp:server=y",
                "-Xdebug",
                "-Dk=v"),
            List.of("-Xss2m"));
    assertThat(jvm.options()).containsExactly("-Xmx1g", "-Dk=v", "-Xss2m");
  }

  @Test
  @DisplayName(
      "hands a java launcher the options as written, spaces, quotes and backslashes included")
  void argumentFileRoundTrip() throws IOException, InterruptedException {
    String value = "a \"b\" c\\d e";
    ChildJvm jvm =
        new ChildJvm(
            Path.of(System.getProperty("java.home"), "bin", "java"),
            List.of("-Dround.trip=" + value),
            List.of(tempDir.resolve("no classes").toString()));
    // -XshowSettings:properties -version prints every system property and exits: no main class
    // needed.
    List<String> command =
        jvm.command(tempDir.resolve("jvm.args"), "-XshowSettings:properties", "-version");
    Path printed = tempDir.resolve("printed.txt");
    Process launcher =
        new ProcessBuilder(command)
            .redirectErrorStream(true)
            .redirectOutput(printed.toFile())
            .start();
    assertThat(launcher.waitFor(2, TimeUnit.MINUTES)).as("java ended").isTrue();
    assertThat(Files.readAllLines(printed)).contains("    round.trip = " + value);
  }
}
