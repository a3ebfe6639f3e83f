package dev.junitbench.benchmarks;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Generate;
import dev.junitbench.Model;
import dev.junitbench.Param;
import dev.junitbench.infra.Generator;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.decoder.OnnxGenerator;
import dev.junitbench.results.ScenarioResult;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * What the generation loop adds to the decode calls it makes: the end-to-end time junit-bench
 * reports for a request of a DistilGPT2-shaped decoder (batch 1, prompt 32 tokens, 16 new tokens)
 * against a bare loop that makes the same ONNX Runtime calls on the same session (the prompt, then
 * one call per token over the cache the call before returned, logits into a buffer of its own and
 * the greedy pick) with one {@code nanoTime} pair around the whole request. Alternated request by
 * request: after each timed request of the benchmark, outside its timing, one bare request is
 * timed. Prints the table; asserts nothing about speed. Tagged {@code self}.
 */
@Tag("performance")
@Tag("self")
class GenerationFidelityBenchmarks {

  private static final int ROUNDS = 5;
  private static final int WARMUP = 5;
  private static final int ITERATIONS = 40;
  private static final int PROMPT = 32;
  private static final int TOKENS = 16;

  static final List<long[]> bareRounds = new ArrayList<>();
  static long[] bare;
  static int bareCount;
  static BareLoop loop;

  @Test
  void generationAgainstBareLoop() {
    List<ScenarioResult> rounds =
        InnerRun.run(
            HarnessSide.class,
            Map.of(
                "junit.bench.warmup.iterations", String.valueOf(WARMUP),
                "junit.bench.measurement.iterations", String.valueOf(ITERATIONS)));
    if (rounds.size() != ROUNDS || bareRounds.size() != ROUNDS) {
      throw new IllegalStateException(
          "the harness side measured " + rounds.size() + " rounds, not " + ROUNDS);
    }
    System.out.println();
    System.out.println(
        "DistilGPT2-shaped decoder, batch 1, prompt "
            + PROMPT
            + ", "
            + TOKENS
            + " new tokens; junit-bench's generation and a bare loop of the same calls alternated request by request, "
            + ROUNDS
            + " rounds:");
    System.out.println(
        "requests/side  harness e2e median (ms)  bare median (ms)   ratio  round ratios");
    List<String> ratios = new ArrayList<>();
    long[] harnessAll = new long[0];
    long[] bareAll = new long[0];
    for (int round = 0; round < ROUNDS; round++) {
      long[] harness = rounds.get(round).samplesNs();
      ratios.add(
          String.format(
              Locale.ROOT, "%.3f", Rounds.median(harness) / Rounds.median(bareRounds.get(round))));
      harnessAll = Rounds.concat(harnessAll, harness);
      bareAll = Rounds.concat(bareAll, bareRounds.get(round));
    }
    System.out.println(
        String.format(
            Locale.ROOT,
            "%13d  %23.3f  %16.3f  %6.3f  %s",
            harnessAll.length,
            Rounds.median(harnessAll) / 1e6,
            Rounds.median(bareAll) / 1e6,
            Rounds.median(harnessAll) / Rounds.median(bareAll),
            ratios));
  }

  /**
   * The harness's side; each scenario is one round, and after each timed request one bare request
   * is timed.
   */
  static class HarnessSide {
    @Benchmark
    @Generate(tokens = TOKENS, promptTokens = PROMPT)
    @Param(
        name = "round",
        values = {"1", "2", "3", "4", "5"})
    void generate(
        @Model(block = Decoders.DistilGpt2.class) OnnxModel model,
        Generator generator,
        Blackhole blackhole)
        throws Exception {
      generator.generate();
      blackhole.closeAfterTiming(() -> bareRequest(model));
    }

    @BeforeEach
    void newRound() {
      bare = new long[WARMUP + ITERATIONS];
      bareCount = 0;
    }

    /**
     * Keeps the bare requests that followed the measured ones (the first WARMUP followed the
     * warm-up).
     */
    @AfterEach
    void endRound() {
      bareRounds.add(Arrays.copyOfRange(bare, bareCount - ITERATIONS, bareCount));
    }

    private static void bareRequest(OnnxModel model) throws OrtException {
      if (loop == null) {
        loop = new BareLoop(model.environment(), model.session());
      }
      long t0 = System.nanoTime();
      loop.request();
      bare[bareCount++] = System.nanoTime() - t0;
    }
  }

  /** Greedy decoding written plainly over the same ONNX Runtime calls, its tensors made once. */
  static final class BareLoop {
    private final OrtSession session;
    private final Map<String, OnnxTensor> prefill = new HashMap<>();
    private final Map<String, OnnxTensor> decode = new HashMap<>();
    private final Set<String> presents = new LinkedHashSet<>();
    private final OnnxTensor[] masks = new OnnxTensor[TOKENS - 1];
    private final OnnxTensor[] positions = new OnnxTensor[TOKENS - 1];
    private final LongBuffer next;
    private final ByteBuffer prefillLogits;
    private final ByteBuffer decodeLogits;
    private final Map<String, OnnxTensor> prefillOut;
    private final Map<String, OnnxTensor> decodeOut;
    private final int layers;
    private final int vocab = 50257;

    BareLoop(OrtEnvironment env, OrtSession session) throws OrtException {
      this.session = session;
      layers = (int) session.getInputNames().stream().filter(name -> name.endsWith(".key")).count();
      long[] ids = new long[PROMPT];
      long[] positionIds = new long[PROMPT];
      for (int i = 0; i < PROMPT; i++) {
        ids[i] = (i * 7919L) % vocab;
        positionIds[i] = i;
      }
      prefill.put("input_ids", longs(env, ids));
      prefill.put("attention_mask", longs(env, ones(PROMPT)));
      prefill.put("position_ids", longs(env, positionIds));
      OnnxTensor empty =
          OnnxTensor.createTensor(env, direct(0).asFloatBuffer(), new long[] {1, 12, 0, 64});
      for (int layer = 0; layer < layers; layer++) {
        prefill.put("past_key_values." + layer + ".key", empty);
        prefill.put("past_key_values." + layer + ".value", empty);
        presents.add("present." + layer + ".key");
        presents.add("present." + layer + ".value");
      }
      next = direct(Long.BYTES).asLongBuffer();
      decode.put("input_ids", OnnxTensor.createTensor(env, next, new long[] {1, 1}));
      for (int k = 1; k < TOKENS; k++) {
        masks[k - 1] = longs(env, ones(PROMPT + k));
        positions[k - 1] = longs(env, new long[] {PROMPT + k - 1});
      }
      prefillLogits = direct(PROMPT * vocab * Float.BYTES);
      decodeLogits = direct(vocab * Float.BYTES);
      prefillOut =
          Map.of(
              "logits",
              OnnxTensor.createTensor(
                  env, prefillLogits.asFloatBuffer(), new long[] {1, PROMPT, vocab}));
      decodeOut =
          Map.of(
              "logits",
              OnnxTensor.createTensor(env, decodeLogits.asFloatBuffer(), new long[] {1, 1, vocab}));
    }

    void request() throws OrtException {
      OrtSession.Result previous = session.run(prefill, presents, prefillOut);
      next.put(0, OnnxGenerator.argmax(prefillLogits, (PROMPT - 1) * vocab, vocab));
      for (int k = 1; k < TOKENS; k++) {
        decode.put("attention_mask", masks[k - 1]);
        decode.put("position_ids", positions[k - 1]);
        for (int layer = 0; layer < layers; layer++) {
          decode.put(
              "past_key_values." + layer + ".key",
              (OnnxTensor) previous.get("present." + layer + ".key").get());
          decode.put(
              "past_key_values." + layer + ".value",
              (OnnxTensor) previous.get("present." + layer + ".value").get());
        }
        OrtSession.Result result = session.run(decode, presents, decodeOut);
        previous.close();
        previous = result;
        next.put(0, OnnxGenerator.argmax(decodeLogits, 0, vocab));
      }
      previous.close();
    }

    private static long[] ones(int n) {
      long[] ones = new long[n];
      Arrays.fill(ones, 1);
      return ones;
    }

    private static OnnxTensor longs(OrtEnvironment env, long[] values) throws OrtException {
      LongBuffer buffer = direct(values.length * Long.BYTES).asLongBuffer();
      buffer.put(values).rewind();
      return OnnxTensor.createTensor(env, buffer, new long[] {1, values.length});
    }

    private static ByteBuffer direct(int bytes) {
      return ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }
  }
}
