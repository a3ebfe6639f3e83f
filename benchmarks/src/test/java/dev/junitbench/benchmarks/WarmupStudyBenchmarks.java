package dev.junitbench.benchmarks;

import ai.djl.translate.TranslateException;
import ai.onnxruntime.OrtException;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Generate;
import dev.junitbench.Model;
import dev.junitbench.Modes;
import dev.junitbench.SequenceLengths;
import dev.junitbench.Threads;
import dev.junitbench.djl.DjlModel;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.OnnxModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Tag;

/**
 * The eight scenarios of the warm-up study (docs/warmup.adoc, run by {@code ci/warmup-study.sh}):
 * MiniLM-int8 batch 1 and 8 with one and two intra-op threads, ResNet-50 batch 1, the distilgpt2
 * generation, a plain-Java benchmark the JIT changes, and one that never settles. No warm-up,
 * measurement or fork annotation: the study sets each setting it compares for the whole run. Tagged
 * {@code warmup-study}, not {@code performance}: the study takes about two hours.
 */
@Tag("warmup-study")
class WarmupStudyBenchmarks {

  private static final String[] WORDS =
      "the quick brown fox jumps over the lazy dog while seven wizards quietly box".split(" ");

  @Benchmark
  @BatchSizes({1, 8})
  @SequenceLengths(128)
  @Modes("optimized")
  @Threads({1, 2})
  void miniLmInt8(
      @Model(
              value = "classpath:all-minilm-l6-v2-q.onnx",
              tokenizer = "classpath:all-minilm-l6-v2-q-tokenizer.json")
          OnnxModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws OrtException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  @Benchmark
  @BatchSizes(1)
  void resNet50(
      @Model(block = VisionBenchmarks.ResNet50.class, id = "resnet50") DjlModel model,
      ModelInputs inputs,
      Blackhole blackhole)
      throws TranslateException {
    blackhole.closeAfterTiming(model.run(inputs));
  }

  @Benchmark
  @BatchSizes(1)
  @Modes("optimized")
  @Generate(tokens = 32, promptTokens = 128)
  void distilgpt2(
      @Model(block = Decoders.DistilGpt2.class, id = "distilgpt2-shaped") OnnxModel model,
      Generator generator)
      throws Exception {
    generator.generate();
  }

  /**
   * Formats, splits and counts words: interpreted at first, then compiled in tiers by the JIT,
   * whose work (and its effect) spans the first seconds.
   */
  @Benchmark
  void jitSensitive(Blackhole blackhole) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 200; i++) {
      text.append(String.format(Locale.ROOT, "%s-%d ", WORDS[i % WORDS.length], i));
    }
    int vowels = 0;
    for (String word : text.toString().split(" ")) {
      for (char c : word.toCharArray()) {
        if ("aeiou".indexOf(c) >= 0) {
          vowels++;
        }
      }
    }
    blackhole.consume(vowels);
  }

  /** Grows what each call scans: slower with every call, never steady. */
  @Benchmark
  void neverSettles(Blackhole blackhole) {
    GROWING.add(GROWING.size());
    long sum = 0;
    for (int value : GROWING) {
      sum += value;
    }
    blackhole.consume(sum);
  }

  private static final List<Integer> GROWING = new ArrayList<>();
}
