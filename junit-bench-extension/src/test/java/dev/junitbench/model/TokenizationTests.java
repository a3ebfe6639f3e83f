package dev.junitbench.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.spi.ModelSource;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Tokenized inputs")
class TokenizationTests {

  private static final ModelSource MINILM_TOKENIZER =
      ModelSource.resolve(
          "classpath:all-minilm-l6-v2-q-tokenizer.json",
          TokenizationTests.class.getClassLoader(),
          "test");

  @Test
  @DisplayName("are real sentences with BERT's ids, padded to the sequence length with a zero mask")
  void paddedSentences() {
    Map<String, long[]> arrays = Tokenization.encode(MINILM_TOKENIZER, 2, 16, "test");
    long[] ids = arrays.get("input_ids");
    long[] mask = arrays.get("attention_mask");
    assertThat(ids).hasSize(32);
    // "The quick brown fox jumps over the lazy dog." in bert-base-uncased's vocabulary:
    // [CLS] the quick brown fox jumps over the lazy dog . [SEP], then padding (id 0).
    assertThat(Arrays.copyOfRange(ids, 0, 16))
        .containsExactly(
            101, 1996, 4248, 2829, 4419, 14523, 2058, 1996, 13971, 3899, 1012, 102, 0, 0, 0, 0);
    assertThat(Arrays.copyOfRange(mask, 0, 16))
        .containsExactly(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0);
    assertThat(arrays.get("token_type_ids")).containsOnly(0L);
  }

  @Test
  @DisplayName("are truncated to the sequence length, still ending with the separator")
  void truncated() {
    long[] ids = Tokenization.encode(MINILM_TOKENIZER, 1, 8, "test").get("input_ids");
    assertThat(ids).hasSize(8).startsWith(101L).endsWith(102L);
  }

  @Test
  @DisplayName("from a file that is not a tokenizer is an error naming the file")
  void notATokenizer() {
    ModelSource notTokenizer =
        ModelSource.resolve("classpath:models/tiny.bin", getClass().getClassLoader(), "test");
    assertThatThrownBy(() -> Tokenization.encode(notTokenizer, 1, 8, "X#y"))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessageStartingWith("X#y: cannot read the tokenizer classpath:models/tiny.bin")
        .hasMessageEndingWith("check that it is a HuggingFace tokenizer.json");
  }

  @Test
  @DisplayName("keep DJL's native library and cache under the build folder")
  void cacheUnderTarget() {
    Tokenization.encode(MINILM_TOKENIZER, 1, 8, "test");
    if (System.getenv("DJL_CACHE_DIR") == null) {
      assertThat(System.getProperty("DJL_CACHE_DIR")).endsWith("target/djl-cache");
      assertThat(Path.of(System.getProperty("DJL_CACHE_DIR"), "tokenizers")).isDirectory();
    }
  }
}
