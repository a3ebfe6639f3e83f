package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a benchmark annotated {@code @Generate} asks of a model: per request, {@code batchSize}
 * sequences of {@code promptTokens} prompt tokens each, {@code newTokens} new tokens for each.
 *
 * @param what how messages name the annotation and the model ({@code @Generate of fqcn#method,
 *     model 'id'})
 * @param batchSize sequences per request
 * @param promptTokens prompt tokens per sequence
 * @param newTokens new tokens per sequence
 * @param seed seed of the prompt's token ids when there is no tokenizer
 * @param recorder where each token's time goes
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GenerationRequest(
    String what,
    int batchSize,
    int promptTokens,
    int newTokens,
    long seed,
    TokenRecorder recorder) {}
