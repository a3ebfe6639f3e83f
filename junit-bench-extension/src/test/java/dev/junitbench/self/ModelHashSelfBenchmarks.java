package dev.junitbench.self;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.model.ModelHashes;
import dev.junitbench.spi.ModelSource;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * What a model's identity costs, in one warmed-up JVM: a model's SHA-256 looked up in a warm cache
 * (target: at most 50 ms per model) and a full hash with no cache, once the digest is compiled
 * (throughput = 22.97 MB / median). The model is MiniLM-int8 from its Maven Central jar, read as
 * the jar's entry and as a plain file; the cache holds 100 other files' hashes beside it. {@link
 * FirstModelHashSelfBenchmarks} times the first hash of a fresh JVM.
 */
@Tag("self")
@Warmup(iterations = 3)
@Measurement(iterations = 30)
class ModelHashSelfBenchmarks {

  private static final Path DIR = Path.of("target", "self-model-hash");
  private static final int OTHER_ENTRIES = 100;

  static ModelSource jarEntry;
  static ModelSource file;
  static ModelHashes warm;
  static ModelHashes none;

  @BeforeAll
  static void models() throws IOException {
    jarEntry = miniLmEntry();
    file = miniLmFile();
    Path cacheFile = DIR.resolve("cache").resolve("model-sha256.tsv");
    Files.deleteIfExists(cacheFile);
    warm = ModelHashes.keptIn(cacheFile);
    Files.createDirectories(DIR.resolve("others"));
    for (int i = 0; i < OTHER_ENTRIES; i++) {
      Path other = Files.writeString(DIR.resolve("others").resolve(i + ".onnx"), "model " + i);
      Files.setLastModifiedTime(other, FileTime.from(Instant.now().minusSeconds(3600)));
      warm.of(new ModelSource(other.toString(), null, other));
    }
    warm.of(file);
    warm.of(jarEntry);
    none = ModelHashes.keptIn(null);
  }

  /** MiniLM-int8 inside its jar on the test class path. */
  static ModelSource miniLmEntry() {
    return ModelSource.resolve(
        "classpath:all-minilm-l6-v2-q.onnx",
        ModelHashSelfBenchmarks.class.getClassLoader(),
        "the model of the model hash self-benchmarks");
  }

  /** MiniLM-int8 copied out of its jar once, as a plain file changed an hour ago. */
  static synchronized ModelSource miniLmFile() throws IOException {
    ModelSource entry = miniLmEntry();
    Path copy = DIR.resolve(entry.fileName());
    if (!Files.isRegularFile(copy) || Files.size(copy) != entry.sizeBytes()) {
      Files.createDirectories(DIR);
      try (InputStream in = entry.openStream()) {
        Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
      }
      // Older than the cache's settling time, as a model file is by the time a benchmark opens it.
      Files.setLastModifiedTime(copy, FileTime.from(Instant.now().minusSeconds(3600)));
    }
    return new ModelSource(copy.toString(), null, copy);
  }

  @Benchmark
  void warmCacheFile(Blackhole blackhole) throws IOException {
    blackhole.consume(warm.of(file));
  }

  @Benchmark
  void warmCacheJarEntry(Blackhole blackhole) throws IOException {
    blackhole.consume(warm.of(jarEntry));
  }

  @Benchmark
  @Measurement(iterations = 15)
  void hashFile(Blackhole blackhole) throws IOException {
    blackhole.consume(none.of(file));
  }

  @Benchmark
  @Measurement(iterations = 15)
  void hashJarEntry(Blackhole blackhole) throws IOException {
    blackhole.consume(none.of(jarEntry));
  }
}
