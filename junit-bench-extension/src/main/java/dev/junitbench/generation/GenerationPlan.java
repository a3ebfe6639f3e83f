package dev.junitbench.generation;

/** What {@code @Generate} asks: new tokens and prompt tokens per sequence, the prompt's seed. */
public record GenerationPlan(int tokens, int promptTokens, long seed) {}
