package dev.junitbench.onnx.decoder;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A decoder configuration")
class DecoderConfigTests {

  @Test
  @DisplayName("has the presets of GPT-2 small, DistilGPT2 and a tiny model")
  void presets() {
    assertThat(DecoderConfig.GPT2_SMALL).isEqualTo(new DecoderConfig(12, 768, 12, 50257, 1024, 42));
    assertThat(DecoderConfig.DISTILGPT2).isEqualTo(new DecoderConfig(6, 768, 12, 50257, 1024, 42));
    assertThat(DecoderConfig.TINY).isEqualTo(new DecoderConfig(2, 32, 4, 97, 64, 42));
    // The parameter counts Hugging Face gives for gpt2 and distilgpt2.
    assertThat(DecoderConfig.GPT2_SMALL.parameterCount()).isEqualTo(124_439_808L);
    assertThat(DecoderConfig.DISTILGPT2.parameterCount()).isEqualTo(81_912_576L);
    assertThat(DecoderConfig.GPT2_SMALL.headDim()).isEqualTo(64);
    assertThat(DecoderConfig.TINY.headDim()).isEqualTo(8);
  }

  @Test
  @DisplayName("refuses a hidden size its heads do not divide, and sizes that are not positive")
  void validation() {
    assertThatThrownBy(() -> new DecoderConfig(2, 30, 4, 97, 64, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("hidden size 30 is not divisible by its 4 heads")
        .hasMessageContaining("(e.g. 32)");
    assertThatThrownBy(() -> new DecoderConfig(0, 32, 4, 97, 64, 1))
        .hasMessage("Decoder layers must be positive, got 0");
    assertThatThrownBy(() -> new DecoderConfig(2, -32, 4, 97, 64, 1))
        .hasMessageContaining("hidden size must be positive");
    assertThatThrownBy(() -> new DecoderConfig(2, 32, 0, 97, 64, 1))
        .hasMessageContaining("heads must be positive");
    assertThatThrownBy(() -> new DecoderConfig(2, 32, 4, 0, 64, 1))
        .hasMessageContaining("vocabulary size");
    assertThatThrownBy(() -> new DecoderConfig(2, 32, 4, 97, 0, 1))
        .hasMessageContaining("maximum positions");
  }

  @Test
  @DisplayName("has a hash that is stable across runs and changes with every field")
  void hash() {
    DecoderConfig tiny = DecoderConfig.TINY;
    assertThat(tiny.hash())
        .matches("[0-9a-f]{64}")
        .isEqualTo(new DecoderConfig(2, 32, 4, 97, 64, 42).hash())
        .isEqualTo("47fb31c6da5250fbdc9984060fd83332a8819a9dd17646a07f1865bf255d2791");
    List<DecoderConfig> others =
        List.of(
            new DecoderConfig(3, 32, 4, 97, 64, 42),
            new DecoderConfig(2, 64, 4, 97, 64, 42),
            new DecoderConfig(2, 32, 8, 97, 64, 42),
            new DecoderConfig(2, 32, 4, 98, 64, 42),
            new DecoderConfig(2, 32, 4, 97, 65, 42),
            tiny.withSeed(43));
    assertThat(others.stream().map(DecoderConfig::hash))
        .doesNotHaveDuplicates()
        .doesNotContain(tiny.hash());
  }

  @Test
  @DisplayName("is labelled by its preset whatever its seed, else by layers and width")
  void label() {
    assertThat(DecoderConfig.DISTILGPT2.label()).isEqualTo("distilgpt2");
    assertThat(DecoderConfig.TINY.withSeed(7).label()).isEqualTo("tiny");
    assertThat(new DecoderConfig(3, 48, 6, 97, 64, 42).label()).isEqualTo("3x48");
  }
}
