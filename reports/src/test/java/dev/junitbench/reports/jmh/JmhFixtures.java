package dev.junitbench.reports.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.reports.jmh.fixtures.ParamBenchmarks;
import dev.junitbench.reports.jmh.fixtures.WorkBenchmarks;
import dev.junitbench.testkit.TestJvm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Real JMH 1.37 result files of the fixture benchmarks ({@code jmh/fixtures}: average time with a
 * param, throughput allocating, sample, single shot), made by JMH itself in a JVM of its own with 5
 * forks and its gc profiler: the baseline, and the same benchmarks with 10% more work. Made once
 * per build in {@code target/jmh-fixtures}, named by a hash of the compiled benchmarks, so a change
 * to them makes new files.
 */
final class JmhFixtures {

  /** Forks per benchmark: 2 forks leave Welch 1 or 2 degrees of freedom; 5 catch a 10% change. */
  static final int FORKS = 5;

  private static final Path DIR = Path.of("target", "jmh-fixtures");

  private JmhFixtures() {}

  /**
   * A JMH 1.37 file of the fixture benchmarks recorded on 2026-11-27 ({@code jmh/recorded}: {@code
   * base.json}, {@code slower.json} with 10% more work): verdicts no machine's load can change.
   */
  static Path recorded(String name) throws Exception {
    return Path.of(JmhFixtures.class.getResource("recorded/" + name).toURI());
  }

  /**
   * The committed JMH 1.37 file of one benchmark without params ({@code public/}) cut to its first
   * fork of 5 iterations, each iteration's score times {@code scale}, written to {@code target}: a
   * scenario compare cannot judge (one JVM a side, too few iterations for the median's interval).
   */
  static Path oneFork(Path target, double scale) throws Exception {
    ObjectNode entry =
        (ObjectNode)
            new ObjectMapper()
                .readTree(JmhPublicFilesTests.fixture("jmh-1.37-no-params.json").toFile())
                .get(0);
    entry.put("forks", 1);
    ArrayNode forks = (ArrayNode) entry.get("primaryMetric").get("rawData");
    while (forks.size() > 1) {
      forks.remove(1);
    }
    ArrayNode iterations = (ArrayNode) forks.get(0);
    for (int i = 0; i < iterations.size(); i++) {
      iterations.set(i, iterations.get(i).asDouble() * scale);
    }
    return Files.writeString(target, "[" + entry + "]");
  }

  /** The benchmarks as they are. */
  static synchronized Path base() throws IOException, InterruptedException {
    return run("base", "1");
  }

  /** The same benchmarks with 10% more work in every operation. */
  static synchronized Path slower() throws IOException, InterruptedException {
    return run("slower", "1.1");
  }

  private static Path run(String name, String scale) throws IOException, InterruptedException {
    Path file = DIR.resolve(name + "-" + key() + ".json");
    if (Files.isRegularFile(file)) {
      return file;
    }
    Files.createDirectories(DIR);
    Path partial = DIR.resolve(name + ".partial.json");
    Path log = DIR.resolve(name + ".log");
    Process jmh =
        new ProcessBuilder(
                TestJvm.command(
                    List.of("-Djmh.ignoreLock=true"),
                    "org.openjdk.jmh.Main",
                    List.of(
                        "dev\\.junitbench\\.reports\\.jmh\\.fixtures\\.",
                        "-f",
                        Integer.toString(FORKS),
                        "-prof",
                        "gc",
                        "-rf",
                        "json",
                        "-rff",
                        partial.toString(),
                        "-jvmArgsAppend",
                        "-Dfixture.scale=" + scale)))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    if (!jmh.waitFor(15, TimeUnit.MINUTES)) {
      jmh.destroyForcibly();
      throw new IllegalStateException("JMH ran for 15 minutes; its output: " + log);
    }
    if (jmh.exitValue() != 0 || !Files.isRegularFile(partial)) {
      throw new IllegalStateException(
          "JMH exited with " + jmh.exitValue() + ": " + Files.readString(log));
    }
    Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE);
    return file;
  }

  /** A hash of the compiled fixture benchmarks. */
  private static String key() throws IOException {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (Class<?> type : List.of(WorkBenchmarks.class, ParamBenchmarks.class)) {
        try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
          digest.update(in.readAllBytes());
        }
      }
      digest.update("forks=".concat(Integer.toString(FORKS)).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest.digest(), 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
