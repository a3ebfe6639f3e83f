package dev.junitbench.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.spi.ModelSource;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Model hashes")
class ModelHashesTests {

  /** FIPS 180-2's test vectors, and the SHA-256 of nothing. */
  private static final String ABC =
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

  private static final String MILLION_A =
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  private static final String EMPTY =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  /** {@code sha256sum src/test/resources/models/tiny.bin}. */
  private static final String TINY_BIN =
      "d821b83a024ad9bc41492f3e9862283efdaea566572dc0c187ecc8317ee3b01c";

  /** When the fixtures' files were last changed: long enough before {@link #clock} to be kept. */
  private static final Instant WRITTEN = Instant.parse("2024-01-01T00:00:00Z");

  @TempDir Path dir;

  private final AtomicInteger reads = new AtomicInteger();
  private Clock clock = Clock.fixed(WRITTEN.plusSeconds(3600), ZoneOffset.UTC);

  @BeforeEach
  void freshWarnings() {
    RunWarnings.reset();
  }

  /** Hashes kept in {@code cacheFile}, counting every time a model's content is opened. */
  private ModelHashes hashes(Path cacheFile) {
    return new ModelHashes(
        cacheFile,
        clock,
        source -> {
          reads.incrementAndGet();
          return source.openStream();
        });
  }

  private Path cache() {
    return dir.resolve("cache").resolve(ModelHashes.FILE_NAME);
  }

  private Path model(String name, byte[] content, Instant modified) throws IOException {
    Path file = Files.write(dir.resolve(name), content);
    Files.setLastModifiedTime(file, FileTime.from(modified));
    return file;
  }

  private Path model(String name, String content) throws IOException {
    return model(name, content.getBytes(StandardCharsets.US_ASCII), WRITTEN);
  }

  private static ModelSource source(Path file) {
    return new ModelSource(file.toString(), null, file);
  }

  @Test
  @DisplayName(
      "give the SHA-256 and size of a file's content: FIPS 180-2's vectors, an empty file, a classpath resource")
  void knownDigests() throws Exception {
    ModelHashes hashes = hashes(null);
    assertThat(hashes.of(source(model("abc.onnx", "abc")))).isEqualTo(new ModelHashes.Hash(ABC, 3));
    // Longer than the read buffer: the digest spans many reads.
    assertThat(hashes.of(source(model("a.onnx", "a".repeat(1_000_000)))))
        .isEqualTo(new ModelHashes.Hash(MILLION_A, 1_000_000));
    assertThat(hashes.of(source(model("empty.onnx", ""))))
        .isEqualTo(new ModelHashes.Hash(EMPTY, 0));
    ModelSource tiny =
        ModelSource.resolve("classpath:models/tiny.bin", getClass().getClassLoader(), "@Model");
    assertThat(hashes.of(tiny)).isEqualTo(new ModelHashes.Hash(TINY_BIN, 16));
    assertThat(hashes.cacheFile()).isNull();
  }

  @Test
  @DisplayName(
      "read a file once: the hash is kept with its size and time, for this JVM and the next")
  void cacheHit() throws Exception {
    Path file = model("model.onnx", "abc");
    assertThat(hashes(cache()).of(source(file)).sha256()).isEqualTo(ABC);
    assertThat(hashes(cache()).of(source(file)).sha256()).isEqualTo(ABC);
    ModelHashes nextJvm = hashes(cache());
    assertThat(nextJvm.of(source(file))).isEqualTo(new ModelHashes.Hash(ABC, 3));
    assertThat(reads).as("content reads").hasValue(1);
    assertThat(Files.readString(cache()))
        .contains(ABC + "\t3\t3\t")
        .contains("\t" + file.toRealPath() + "\n");
  }

  @Test
  @DisplayName("read a file again once its size or its modification time changed")
  void invalidated() throws Exception {
    Path file = model("model.onnx", "abc");
    ModelHashes hashes = hashes(cache());
    hashes.of(source(file));
    // Another size, the same time.
    model("model.onnx", "a".repeat(1_000_000).getBytes(StandardCharsets.US_ASCII), WRITTEN);
    assertThat(hashes.of(source(file)).sha256()).isEqualTo(MILLION_A);
    assertThat(reads).hasValue(2);
    // The same size, another time.
    byte[] other = "b".repeat(1_000_000).getBytes(StandardCharsets.US_ASCII);
    model("model.onnx", other, WRITTEN.plusSeconds(60));
    assertThat(hashes.of(source(file)).sha256())
        .isNotEqualTo(MILLION_A)
        .isEqualTo(hashes(null).of(source(file)).sha256());
    assertThat(reads).hasValue(4);
    hashes.of(source(file));
    assertThat(reads).as("the new state is kept in turn").hasValue(4);
  }

  @Test
  @DisplayName(
      "keep no hash of a file changed within the last 2 s, which could change again unseen")
  void recentFileNotKept() throws Exception {
    Path file = model("model.onnx", "abc");
    clock = Clock.fixed(WRITTEN.plusMillis(1500), ZoneOffset.UTC);
    ModelHashes hashes = hashes(cache());
    hashes.of(source(file));
    hashes.of(source(file));
    assertThat(reads).hasValue(2);
    assertThat(cache()).doesNotExist();
  }

  @Test
  @DisplayName("hash a jar's entry, kept under the jar and entry until the jar changes")
  void jarEntry() throws Exception {
    Path jar = dir.resolve("models.jar");
    writeJar(jar, "abc");
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      ModelSource source = ModelSource.resolve("classpath:m/model.onnx", loader, "@Model");
      assertThat(source.path()).isNull();
      ModelHashes hashes = hashes(cache());
      assertThat(hashes.of(source)).isEqualTo(new ModelHashes.Hash(ABC, 3));
      assertThat(hashes(cache()).of(source)).isEqualTo(new ModelHashes.Hash(ABC, 3));
      assertThat(reads).hasValue(1);
      assertThat(Files.readString(cache()))
          .contains("\tjar:" + jar.toRealPath() + "!/m/model.onnx\n");
    }
    writeJar(jar, "abcd");
    Files.setLastModifiedTime(jar, FileTime.from(WRITTEN.plusSeconds(60)));
    try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()}, null)) {
      ModelSource source = ModelSource.resolve("classpath:m/model.onnx", loader, "@Model");
      assertThat(hashes(cache()).of(source).bytes()).isEqualTo(4);
      assertThat(reads).hasValue(2);
    }
  }

  private static void writeJar(Path jar, String content) throws IOException {
    try (OutputStream out = Files.newOutputStream(jar);
        JarOutputStream zip = new JarOutputStream(out)) {
      zip.putNextEntry(new JarEntry("m/model.onnx"));
      zip.write(content.getBytes(StandardCharsets.US_ASCII));
      zip.closeEntry();
    }
    Files.setLastModifiedTime(jar, FileTime.from(WRITTEN));
  }

  @Test
  @DisplayName(
      "drop a damaged cache's unreadable lines with one warning, still hash right, and rewrite it")
  void damagedCache() throws Exception {
    Path file = model("model.onnx", "abc");
    Files.createDirectories(cache().getParent());
    Files.write(
        cache(),
        new byte[] {
          (byte) 0xff,
          (byte) 0xfe,
          0,
          7,
          '\n',
          'n',
          'o',
          't',
          '\t',
          'a',
          '\n',
          'f',
          'f',
          '\t',
          '1',
          '\t'
        });
    ModelHashes hashes = hashes(cache());
    assertThat(hashes.of(source(file)).sha256()).isEqualTo(ABC);
    assertThat(RunWarnings.messages())
        .singleElement()
        .asString()
        .startsWith(
            "the model hash cache " + cache() + " has 3 lines it cannot read; they are dropped");
    assertThat(hashes.of(source(file)).sha256()).isEqualTo(ABC);
    assertThat(reads).as("rewritten without them, so the hash was kept").hasValue(1);
    assertThat(Files.readAllLines(cache())).hasSize(2);
  }

  @Test
  @DisplayName("hash without a cache it cannot write or read, warning once, never failing")
  void unusableCache() throws Exception {
    Path first = model("first.onnx", "abc");
    Path second = model("second.onnx", "");
    // The lock beside the cache cannot be taken: a folder is in its place.
    Path blocked = cache();
    Files.createDirectories(blocked.resolveSibling(ModelHashes.FILE_NAME + ".lock"));
    ModelHashes hashes = hashes(blocked);
    assertThat(hashes.of(source(first)).sha256()).isEqualTo(ABC);
    assertThat(hashes.of(source(second)).sha256()).isEqualTo(EMPTY);
    assertThat(hashes.of(source(first)).sha256()).isEqualTo(ABC);
    assertThat(reads).as("nothing kept: read each time").hasValue(3);
    assertThat(RunWarnings.messages())
        .singleElement()
        .asString()
        .startsWith("the model hash cache " + blocked + " cannot be written (")
        .endsWith(
            "model files are hashed without it (each read in full on every run): make it and its folder"
                + " writable, or point JUNIT_BENCH_CACHE_DIR at a writable folder");

    RunWarnings.reset();
    Path folderInTheWay = Files.createDirectories(dir.resolve("in-the-way"));
    assertThat(hashes(folderInTheWay).of(source(first)).sha256()).isEqualTo(ABC);
    assertThat(RunWarnings.messages())
        .singleElement()
        .asString()
        .startsWith("the model hash cache " + folderInTheWay + " cannot be read (");

    RunWarnings.reset();
    Path underAFile =
        Files.writeString(dir.resolve("a-file"), "not a folder").resolve(ModelHashes.FILE_NAME);
    assertThat(hashes(underAFile).of(source(first)).sha256()).isEqualTo(ABC);
    assertThat(RunWarnings.messages())
        .singleElement()
        .asString()
        .startsWith("the model hash cache " + underAFile + " cannot be ");
    assertThat(reads).hasValue(5);
  }

  @Test
  @DisplayName("keep what other JVMs wrote, and drop the hashes of files that are gone")
  void sharedBetweenJvms() throws Exception {
    Path first = model("first.onnx", "abc");
    Path second = model("second.onnx", "");
    Path gone = model("gone.onnx", "gone");
    ModelHashes one = hashes(cache());
    ModelHashes other = hashes(cache());
    one.of(source(gone));
    Files.delete(gone);
    one.of(source(first));
    other.of(source(second));
    assertThat(reads).hasValue(3);
    ModelHashes third = hashes(cache());
    third.of(source(first));
    third.of(source(second));
    assertThat(reads).as("both kept").hasValue(3);
    assertThat(Files.readString(cache())).doesNotContain("gone.onnx");
  }

  @Test
  @DisplayName("say why a file could not be hashed, never throwing")
  void unreadable() {
    Path missing = dir.resolve("missing.onnx");
    ModelHashes.Identity identity = hashes(cache()).identify(source(missing));
    assertThat(identity.sha256()).isNull();
    assertThat(identity.unavailableReason())
        .startsWith("the file could not be read for its SHA-256 (")
        .contains("NoSuchFileException")
        .contains(missing.toString());
  }

  @Test
  @DisplayName("live in the platform's cache folder, or in JUNIT_BENCH_CACHE_DIR")
  void folders() {
    assertThat(
            ModelHashes.cacheFolder("Linux", Map.of("XDG_CACHE_HOME", "/var/cache/u"), "/home/u"))
        .isEqualTo(Path.of("/var/cache/u/junit-bench"));
    assertThat(ModelHashes.cacheFolder("Linux", Map.of(), "/home/u"))
        .isEqualTo(Path.of("/home/u/.cache/junit-bench"));
    assertThat(ModelHashes.cacheFolder("Linux", Map.of("XDG_CACHE_HOME", "relative"), "/home/u"))
        .as("a relative XDG_CACHE_HOME is ignored, as the specification says")
        .isEqualTo(Path.of("/home/u/.cache/junit-bench"));
    assertThat(ModelHashes.cacheFolder("Mac OS X", Map.of("XDG_CACHE_HOME", "/x"), "/Users/u"))
        .isEqualTo(Path.of("/Users/u/Library/Caches/junit-bench"));
    assertThat(
            ModelHashes.cacheFolder(
                "Windows 11", Map.of("LOCALAPPDATA", "/c/Users/u/AppData/Local"), "/c/Users/u"))
        .isEqualTo(Path.of("/c/Users/u/AppData/Local/junit-bench"));
    assertThat(ModelHashes.cacheFolder("Linux", Map.of(), "?")).isNull();

    String before = System.getProperty(ModelHashes.CACHE_DIR);
    try {
      System.setProperty(ModelHashes.CACHE_DIR, dir.toString());
      assertThat(ModelHashes.onThisMachine().cacheFile())
          .isEqualTo(dir.resolve(ModelHashes.FILE_NAME));
    } finally {
      if (before == null) {
        System.clearProperty(ModelHashes.CACHE_DIR);
      } else {
        System.setProperty(ModelHashes.CACHE_DIR, before);
      }
    }
  }
}
