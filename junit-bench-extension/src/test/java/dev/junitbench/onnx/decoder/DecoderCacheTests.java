package dev.junitbench.onnx.decoder;

import static dev.junitbench.onnx.decoder.DecoderRun.ones;
import static dev.junitbench.onnx.decoder.DecoderRun.range;
import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.onnx.decoder.DecoderRun.Step;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A decoder with a KV cache")
class DecoderCacheTests {

  private static final long[] PROMPT = {3, 17, 42, 8, 96};
  private static final long NEXT = 55;
  private static final long PAD = 0;

  private static DecoderRun tiny;

  @BeforeAll
  static void open() throws Exception {
    tiny = new DecoderRun(DecoderConfig.TINY);
  }

  @AfterAll
  static void close() throws Exception {
    tiny.close();
  }

  @Test
  @DisplayName(
      "gives for a token over the cache of the prompt the logits of one pass over prompt and token")
  void stepOverCacheMatchesFullPass() throws Exception {
    float[] stepped;
    try (Step prompt = tiny.first(new long[][] {PROMPT}, ones(1, 5), range(1, 0, 5));
        Step step = tiny.next(prompt, new long[][] {{NEXT}}, ones(1, 6), range(1, 5, 6))) {
      assertThat(step.output(DecoderSignature.presentKey(1)).getInfo().getShape())
          .containsExactly(1, 4, 6, 8);
      stepped = step.logits()[0][0];
    }
    try (Step full =
        tiny.first(new long[][] {{3, 17, 42, 8, 96, NEXT}}, ones(1, 6), range(1, 0, 6))) {
      assertClose(stepped, full.logits()[0][5]);
    }
  }

  @Test
  @DisplayName("keeps agreeing with one full pass over several steps and two rows")
  void severalStepsInABatch() throws Exception {
    long[][] prompt = {PROMPT, {9, 9, 1, 2, 3}};
    long[][] full = {{3, 17, 42, 8, 96, NEXT, 7}, {9, 9, 1, 2, 3, 4, 5}};
    try (Step first = tiny.first(prompt, ones(2, 5), range(2, 0, 5));
        Step second = tiny.next(first, new long[][] {{NEXT}, {4}}, ones(2, 6), range(2, 5, 6));
        Step third = tiny.next(second, new long[][] {{7}, {5}}, ones(2, 7), range(2, 6, 7));
        Step once = tiny.first(full, ones(2, 7), range(2, 0, 7))) {
      for (int row = 0; row < 2; row++) {
        assertClose(second.logits()[row][0], once.logits()[row][5]);
        assertClose(third.logits()[row][0], once.logits()[row][6]);
      }
    }
  }

  @Test
  @DisplayName(
      "gives a left-padded row, over the cache and in one pass, the logits of the row without padding")
  void leftPaddingIsInvisible() throws Exception {
    long[][] prompt = {PROMPT, {PAD, PAD, 42, 8, 96}};
    long[][] promptMask = {{1, 1, 1, 1, 1}, {0, 0, 1, 1, 1}};
    // Positions count attended tokens only, as Hugging Face derives them from the mask.
    long[][] promptPositions = {{0, 1, 2, 3, 4}, {0, 0, 0, 1, 2}};
    long[][] stepMask = {{1, 1, 1, 1, 1, 1}, {0, 0, 1, 1, 1, 1}};
    try (Step first = tiny.first(prompt, promptMask, promptPositions);
        Step step =
            tiny.next(first, new long[][] {{NEXT}, {NEXT}}, stepMask, new long[][] {{5}, {3}});
        Step once =
            tiny.first(
                new long[][] {{3, 17, 42, 8, 96, NEXT}, {PAD, PAD, 42, 8, 96, NEXT}},
                stepMask,
                new long[][] {{0, 1, 2, 3, 4, 5}, {0, 0, 0, 1, 2, 3}});
        Step unpadded = tiny.first(new long[][] {{42, 8, 96, NEXT}}, ones(1, 4), range(1, 0, 4))) {
      for (int row = 0; row < 2; row++) {
        assertClose(step.logits()[row][0], once.logits()[row][5]);
      }
      assertClose(step.logits()[1][0], unpadded.logits()[0][3]);
      assertClose(first.logits()[1][4], unpadded.logits()[0][2]);
      // A padding query sees no key at all; its logits are still numbers, never NaN.
      for (float logit : once.logits()[1][0]) {
        assertThat(logit).isFinite();
      }
    }
  }

  @Test
  @DisplayName("is causal: a later token changes no earlier position's logits")
  void laterTokensDoNotReachBack() throws Exception {
    try (Step original = tiny.first(new long[][] {PROMPT}, ones(1, 5), range(1, 0, 5));
        Step changed = tiny.first(new long[][] {{3, 17, 42, 8, 11}}, ones(1, 5), range(1, 0, 5))) {
      for (int position = 0; position < 4; position++) {
        assertClose(changed.logits()[0][position], original.logits()[0][position]);
      }
      assertThat(maxDifference(changed.logits()[0][4], original.logits()[0][4]))
          .isGreaterThan(1e-3f);
    }
  }

  /** Equal within 1e-4 of the logits' scale: float rounding, not a different computation. */
  static void assertClose(float[] actual, float[] expected) {
    float scale = 0;
    for (float logit : expected) {
      scale = Math.max(scale, Math.abs(logit));
    }
    assertThat(actual).hasSameSizeAs(expected);
    assertThat(maxDifference(actual, expected)).isLessThanOrEqualTo(1e-4f * Math.max(scale, 1e-3f));
  }

  private static float maxDifference(float[] a, float[] b) {
    float max = 0;
    for (int i = 0; i < a.length; i++) {
      max = Math.max(max, Math.abs(a[i] - b[i]));
    }
    return max;
  }
}
