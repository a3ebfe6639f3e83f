package dev.junitbench.onnx.decoder;

import static dev.junitbench.onnx.decoder.DecoderRun.ones;
import static dev.junitbench.onnx.decoder.DecoderRun.range;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import ai.onnx.proto.OnnxMl;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.TokenRecorder;
import java.util.Arrays;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Greedy generation with a decoder exported with past")
class OnnxGeneratorTests {

  private static final OrtEnvironment ENV = OrtEnvironment.getEnvironment();
  private static DecoderRun tiny;

  @BeforeAll
  static void open() throws Exception {
    tiny = new DecoderRun(DecoderConfig.TINY);
  }

  @AfterAll
  static void close() throws Exception {
    tiny.close();
  }

  private static GenerationRequest request(
      int batch, int prompt, int tokens, TokenRecorder recorder) {
    return new GenerationRequest(
        "@Generate of Fixture#generate", batch, prompt, tokens, 7, recorder);
  }

  /**
   * The greedy continuation of {@code prompt} by {@code tokens} whole passes over the growing
   * sequence, no cache.
   */
  private static long[] recomputed(long[] prompt, int tokens) throws Exception {
    long[] sequence = Arrays.copyOf(prompt, prompt.length + tokens);
    for (int k = 0; k < tokens; k++) {
      int length = prompt.length + k;
      try (DecoderRun.Step full =
          tiny.first(
              new long[][] {Arrays.copyOf(sequence, length)},
              ones(1, length),
              range(1, 0, length))) {
        float[] last = full.logits()[0][length - 1];
        int best = 0;
        for (int i = 1; i < last.length; i++) {
          best = last[i] > last[best] ? i : best;
        }
        sequence[length] = best;
      }
    }
    return Arrays.copyOfRange(sequence, prompt.length, sequence.length);
  }

  @Test
  @DisplayName(
      "makes with its cache the tokens that recomputing the whole sequence for each token makes")
  void sameTokensAsRecomputing() throws Exception {
    long[] prompts = {3, 17, 42, 8, 96, 5, 11, 60, 2, 71};
    TokenRecorder recorder = new TokenRecorder(6, 1);
    try (OnnxGenerator generator =
        OnnxGenerator.open(
            ENV, tiny.session, "tiny", request(2, 5, 6, recorder), prompts, "given ids")) {
      assertThat(generator.lastTokens()).isEmpty();
      generator.generate();
      long[] made = generator.lastTokens();
      assertThat(made).hasSize(12);
      assertThat(Arrays.copyOfRange(made, 0, 6))
          .containsExactly(recomputed(Arrays.copyOfRange(prompts, 0, 5), 6));
      assertThat(Arrays.copyOfRange(made, 6, 12))
          .containsExactly(recomputed(Arrays.copyOfRange(prompts, 5, 10), 6));
      // A second request starts from the prompt again: the same tokens.
      generator.generate();
      assertThat(generator.lastTokens()).containsExactly(made);
      assertThat(generator.promptSource()).isEqualTo("given ids");
    }
  }

  @Test
  @DisplayName(
      "records every token's time, in order, request after request once measuring, none of warm-up")
  void recordsTokenTimes() throws Exception {
    TokenRecorder recorder = new TokenRecorder(4, 1);
    try (OnnxGenerator generator =
        OnnxGenerator.open(ENV, tiny.session, "tiny", request(1, 3, 4, recorder), null, null)) {
      generator.generate();
      assertThat(recorder.requests()).as("warm-up requests are not kept").isZero();
      recorder.startMeasuring();
      for (int i = 0; i < 3; i++) {
        generator.generate();
      }
      long[] times = recorder.times();
      assertThat(recorder.requests()).isEqualTo(3);
      assertThat(times).hasSize(12);
      for (int r = 0; r < 3; r++) {
        assertThat(times[r * 4]).isPositive();
        for (int k = 1; k < 4; k++) {
          assertThat(times[r * 4 + k]).isGreaterThanOrEqualTo(times[r * 4 + k - 1]);
        }
      }
      assertThat(generator.promptSource())
          .isEqualTo("seeded token ids (seed 7, uniform over the 97 ids of the" + " vocabulary)");
    }
  }

  @Test
  @DisplayName(
      "feeds Optimum's legacy use_cache_branch: false for the prompt, true for each further token")
  void useCacheBranch() throws Exception {
    OnnxMl.ModelProto.Builder model = DecoderModels.model(DecoderConfig.TINY).toBuilder();
    model
        .getGraphBuilder()
        .addInput(
            OnnxMl.ValueInfoProto.newBuilder()
                .setName(DecoderSignature.USE_CACHE_BRANCH)
                .setType(
                    OnnxMl.TypeProto.newBuilder()
                        .setTensorType(
                            OnnxMl.TypeProto.Tensor.newBuilder()
                                .setElemType(OnnxMl.TensorProto.DataType.BOOL.getNumber())
                                .setShape(
                                    OnnxMl.TensorShapeProto.newBuilder()
                                        .addDim(
                                            OnnxMl.TensorShapeProto.Dimension.newBuilder()
                                                .setDimValue(1))))));
    try (OrtSession session =
            ENV.createSession(model.build().toByteArray(), new OrtSession.SessionOptions());
        OnnxGenerator generator =
            OnnxGenerator.open(
                ENV,
                session,
                "merged",
                request(1, 5, 3, new TokenRecorder(3, 1)),
                new long[] {3, 17, 42, 8, 96},
                "given ids")) {
      assertThat(generator.signature().useCacheBranch()).isTrue();
      generator.generate();
      assertThat(generator.lastTokens())
          .containsExactly(recomputed(new long[] {3, 17, 42, 8, 96}, 3));
    }
  }

  @Test
  @DisplayName(
      "refuses a prompt and new tokens that need more positions than the model has, naming the annotation")
  void tooLong() {
    assertThatThrownBy(
            () ->
                OnnxGenerator.open(
                    ENV,
                    tiny.session,
                    "'tiny'",
                    request(1, 60, 6, new TokenRecorder(6, 1)),
                    null,
                    null))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "@Generate of Fixture#generate: a prompt of 60 tokens and 6 new tokens need 65 positions, but"
                + " the model has 64; lower @Generate(promptTokens) or @Generate(tokens)");
  }

  @Test
  @DisplayName("reads half-precision logits as IEEE 754 halves")
  void halves() {
    assertThat(OnnxGenerator.halfToFloat((short) 0x3c00)).isEqualTo(1.0f);
    assertThat(OnnxGenerator.halfToFloat((short) 0xc000)).isEqualTo(-2.0f);
    assertThat(OnnxGenerator.halfToFloat((short) 0x7bff)).isEqualTo(65504.0f);
    assertThat(OnnxGenerator.halfToFloat((short) 0x0001)).isEqualTo(0x1p-24f);
    assertThat(OnnxGenerator.halfToFloat((short) 0x3555)).isEqualTo(0.33325195f);
    assertThat(OnnxGenerator.halfToFloat((short) 0xfc00)).isEqualTo(Float.NEGATIVE_INFINITY);
    assertThat(OnnxGenerator.halfToFloat((short) 0x7e00)).isNaN();
  }
}
