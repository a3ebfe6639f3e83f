package dev.junitbench.keys;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Where a configuration key came from")
class KeySourcesTests {

  private static final String KEY = "junit.bench.user.key-sources-tests";

  @TempDir Path tempDir;

  private URLClassLoader loaderWith(String properties) throws Exception {
    Path folder = Files.createDirectories(tempDir.resolve("classes"));
    Files.writeString(folder.resolve("junit-platform.properties"), properties);
    return new URLClassLoader(new URL[] {folder.toUri().toURL()}, null);
  }

  @Test
  @DisplayName("a system property with the value JUnit has is the source, over the file")
  void systemProperty() throws Exception {
    System.setProperty(KEY, "from -D");
    try (URLClassLoader loader = loaderWith(KEY + "=from the file\n")) {
      assertThat(new KeySources(loader).of(KEY, "from -D")).isEqualTo(KeySource.SYSTEM_PROPERTY);
      assertThat(KeySource.SYSTEM_PROPERTY.label()).isEqualTo("system property");
    } finally {
      System.clearProperty(KEY);
    }
  }

  @Test
  @DisplayName(
      "the first junit-platform.properties holding the value is the source, named by its URL")
  void file() throws Exception {
    try (URLClassLoader loader = loaderWith("# settings\n" + KEY + " = from the file\n")) {
      KeySource source = new KeySources(loader).of(KEY, "from the file");
      String url = tempDir.resolve("classes/junit-platform.properties").toUri().toURL().toString();
      assertThat(source).isEqualTo(new KeySource(KeySource.Kind.PROPERTIES_FILE, url));
      assertThat(source.label()).isEqualTo("junit-platform.properties " + url);
      StringBuilder described = new StringBuilder();
      source.describe(KEY, described);
      assertThat(described).hasToString("in " + url);
    }
  }

  @Test
  @DisplayName(
      "a value neither a system property nor the file holds was given to the launcher explicitly")
  void explicit() throws Exception {
    System.setProperty(KEY, "from -D");
    try (URLClassLoader loader = loaderWith(KEY + "=from the file\n")) {
      assertThat(new KeySources(loader).of(KEY, "explicit")).isEqualTo(KeySource.EXPLICIT);
      assertThat(KeySource.EXPLICIT.label()).isEqualTo("explicit");
    } finally {
      System.clearProperty(KEY);
    }
    try (URLClassLoader none = new URLClassLoader(new URL[0], null)) {
      assertThat(new KeySources(none).of(KEY, "x")).isEqualTo(KeySource.EXPLICIT);
    }
  }

  @Test
  @DisplayName(
      "the fix names where each kind of source is corrected; a copied file names its source")
  void fixes() {
    assertThat(KeySource.SYSTEM_PROPERTY.fix())
        .contains("-D", "systemPropertyVariables", "argLine");
    assertThat(KeySource.EXPLICIT.fix()).contains("<configurationParameters>", "--config");
    assertThat(
            new KeySource(
                    KeySource.Kind.PROPERTIES_FILE,
                    "file:/p/target/test-classes/junit-platform.properties")
                .fix())
        .isEqualTo(
            "correct or remove the line in file:/p/target/test-classes/junit-platform.properties"
                + " (a copy: its source is src/test/resources/junit-platform.properties)");
  }
}
