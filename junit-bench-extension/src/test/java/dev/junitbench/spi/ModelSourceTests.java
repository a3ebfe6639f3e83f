package dev.junitbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.config.BenchmarkConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A model location")
class ModelSourceTests {

  private final ClassLoader loader = getClass().getClassLoader();

  @Test
  @DisplayName("classpath: finds a resource, with or without a leading slash, and reads it")
  void classpath() throws Exception {
    ModelSource source = ModelSource.resolve("classpath:/models/tiny.bin", loader, "@Model");
    assertThat(source.readAllBytes()).asString().isEqualTo("tiny-model-bytes");
    assertThat(source.sizeBytes()).isEqualTo(16);
    assertThat(source.fileName()).isEqualTo("tiny.bin");
    assertThat(source.baseName()).isEqualTo("tiny");
    assertThat(ModelSource.resolve("classpath:models/tiny.bin", loader, "@Model").sizeBytes())
        .isEqualTo(16);
  }

  @Test
  @DisplayName("file: and plain paths find files")
  void files(@TempDir Path dir) throws Exception {
    Path file = Files.writeString(dir.resolve("m.onnx"), "abc");
    assertThat(ModelSource.resolve("file:" + file, loader, "@Model").readAllBytes()).hasSize(3);
    assertThat(ModelSource.resolve(file.toString(), loader, "@Model").path()).isEqualTo(file);
  }

  @Test
  @DisplayName("that finds nothing is an error naming the location, where it looked and the fix")
  void missing() {
    assertThatThrownBy(
            () -> ModelSource.resolve("classpath:models/none.onnx", loader, "@Model of A#b"))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "@Model of A#b = \"classpath:models/none.onnx\": no resource 'models/none.onnx' on the test"
                + " classpath; add the jar or folder that holds it as a test dependency, or check the name");
    assertThatThrownBy(() -> ModelSource.resolve("models/none.onnx", loader, "@Model of A#b"))
        .hasMessageContaining("no file at " + Path.of("models/none.onnx").toAbsolutePath())
        .hasMessageContaining("relative paths start at the module folder");
    assertThatThrownBy(() -> ModelSource.resolve(" ", loader, "@Model of A#b"))
        .hasMessage("@Model of A#b names no file; write classpath:..., file:... or a path");
  }
}
