package dev.junitbench.model;

import ai.djl.huggingface.tokenizers.Encoding;
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.spi.ModelSource;
import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Real sentences tokenized with a HuggingFace {@code tokenizer.json} (DJL's tokenizer, offline),
 * padded and truncated to the sequence length: {@code input_ids}, {@code attention_mask} and {@code
 * token_type_ids}, each {@code batch x length} values in row-major order.
 */
public final class Tokenization {

  /** Input names BERT-style models use for the three arrays. */
  public static final String INPUT_IDS = "input_ids";

  /** Attention mask input name. */
  public static final String ATTENTION_MASK = "attention_mask";

  /** Token type ids input name. */
  public static final String TOKEN_TYPE_IDS = "token_type_ids";

  private Tokenization() {}

  /**
   * Tokenizes {@code batch} sentences to {@code length} tokens each.
   *
   * @throws BenchmarkConfigurationException when the tokenizer cannot be read or DJL's tokenizer
   *     library is missing, naming the file and the fix
   */
  public static Map<String, long[]> encode(
      ModelSource tokenizer, int batch, int length, String what) {
    try {
      NativeCaches.prepareDjl();
      return encodeWithDjl(tokenizer, batch, length);
    } catch (NoClassDefFoundError e) {
      throw new BenchmarkConfigurationException(
          what
              + ": tokenizing with "
              + tokenizer
              + " needs DJL's tokenizer on the test classpath: add ai.djl.huggingface:tokenizers:0.35.1");
    } catch (IOException | RuntimeException e) {
      throw new BenchmarkConfigurationException(
          what
              + ": cannot read the tokenizer "
              + tokenizer
              + " ("
              + e.getMessage()
              + "); check that it is a HuggingFace tokenizer.json");
    }
  }

  /**
   * Prompts of {@code length} tokens for {@code batch} sequences, row after row: the corpus of real
   * sentences, each row from another sentence on, tokenized without padding and repeated when it is
   * shorter than the prompt, so every token is real text.
   *
   * @throws BenchmarkConfigurationException as {@link #encode}, and when the tokenizer makes no
   *     token
   */
  public static long[] prompt(ModelSource tokenizer, int batch, int length, String what) {
    try {
      NativeCaches.prepareDjl();
      return promptWithDjl(tokenizer, batch, length, what);
    } catch (NoClassDefFoundError e) {
      throw new BenchmarkConfigurationException(
          what
              + ": tokenizing with "
              + tokenizer
              + " needs DJL's tokenizer on the test classpath: add ai.djl.huggingface:tokenizers:0.35.1");
    } catch (IOException | RuntimeException e) {
      if (e instanceof BenchmarkConfigurationException configuration) {
        throw configuration;
      }
      throw new BenchmarkConfigurationException(
          what
              + ": cannot read the tokenizer "
              + tokenizer
              + " ("
              + e.getMessage()
              + "); check that it is a HuggingFace tokenizer.json");
    }
  }

  private static long[] promptWithDjl(ModelSource source, int batch, int length, String what)
      throws IOException {
    Map<String, String> options =
        Map.of("padding", "false", "truncation", "false", "addSpecialTokens", "false");
    try (InputStream in = source.openStream();
        HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(in, options)) {
      long[] ids = new long[batch * length];
      for (int row = 0; row < batch; row++) {
        long[] text = tokenizer.encode(Sentences.text(row)).getIds();
        if (text.length == 0) {
          throw new BenchmarkConfigurationException(
              what
                  + ": the tokenizer "
                  + source
                  + " made no token of the prompt text; check that it is the model's tokenizer.json");
        }
        for (int i = 0; i < length; i++) {
          ids[row * length + i] = text[i % text.length];
        }
      }
      return ids;
    }
  }

  private static Map<String, long[]> encodeWithDjl(ModelSource source, int batch, int length)
      throws IOException {
    Map<String, String> options =
        Map.of("padding", "max_length", "maxLength", String.valueOf(length), "truncation", "true");
    try (InputStream in = source.openStream();
        HuggingFaceTokenizer tokenizer = HuggingFaceTokenizer.newInstance(in, options)) {
      Encoding[] encodings = tokenizer.batchEncode(Sentences.batch(batch));
      long[] ids = new long[batch * length];
      long[] mask = new long[batch * length];
      long[] types = new long[batch * length];
      for (int row = 0; row < batch; row++) {
        System.arraycopy(encodings[row].getIds(), 0, ids, row * length, length);
        System.arraycopy(encodings[row].getAttentionMask(), 0, mask, row * length, length);
        System.arraycopy(encodings[row].getTypeIds(), 0, types, row * length, length);
      }
      Map<String, long[]> arrays = new LinkedHashMap<>();
      arrays.put(INPUT_IDS, ids);
      arrays.put(ATTENTION_MASK, mask);
      arrays.put(TOKEN_TYPE_IDS, types);
      return arrays;
    }
  }
}
