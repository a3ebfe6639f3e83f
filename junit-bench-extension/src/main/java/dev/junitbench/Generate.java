package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Generator;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Makes a benchmark generate text: each call of the injected {@link Generator} decodes exactly
 * {@link #tokens()} new tokens greedily (an end-of-sequence token does not stop it) after a prompt
 * of {@link #promptTokens()} tokens, for every sequence of the scenario's batch, and the time of
 * every token is kept. The result gains the figures of text generation (time to first token, time
 * per output token, inter-token latency, tokens per second) and the run folder a {@code
 * tokens.csv}. On a class it applies to every benchmark in it; a method's own annotation wins.
 *
 * <pre>{@code
 * @Benchmark
 * @Generate(tokens = 32, promptTokens = 128)
 * void distilgpt2(@Model(block = Decoders.DistilGpt2.class) OnnxModel model, Generator generator) throws Exception {
 *   generator.generate();
 * }
 * }</pre>
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Generate {

  /** New tokens each call generates per sequence (N), at least 1. */
  int tokens();

  /**
   * Prompt tokens per sequence (L), at least 1; with the new tokens at most the model's positions.
   */
  int promptTokens() default 128;

  /** Seed of the prompt's token ids when the model has no tokenizer to make them from text. */
  long seed() default 42;
}
