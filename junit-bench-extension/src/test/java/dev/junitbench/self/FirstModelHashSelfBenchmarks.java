package dev.junitbench.self;

import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.model.ModelHashes;
import dev.junitbench.spi.ModelSource;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;

/**
 * The first SHA-256 of a model as a fresh CI runner computes it: no cache, and a fresh JVM whose
 * digest code has not run yet, so each fork measures one hash, its first (throughput = 22.97 MB /
 * median). The file is in the operating system's page cache, as a jar Maven just downloaded is.
 */
@Tag("self")
@Fork(7)
@Warmup(iterations = 0)
@Measurement(iterations = 1)
class FirstModelHashSelfBenchmarks {

  static ModelSource file;

  @BeforeAll
  static void model() throws IOException {
    file = ModelHashSelfBenchmarks.miniLmFile();
  }

  @Benchmark
  void firstHashFile(Blackhole blackhole) throws IOException {
    blackhole.consume(ModelHashes.keptIn(null).of(file));
  }

  @Benchmark
  void firstHashJarEntry(Blackhole blackhole) throws IOException {
    blackhole.consume(ModelHashes.keptIn(null).of(ModelHashSelfBenchmarks.miniLmEntry()));
  }
}
