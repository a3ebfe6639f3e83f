package dev.junitbench.spi;

import dev.junitbench.Device;
import dev.junitbench.model.ModelSource;

/**
 * What a benchmark asks a backend to open.
 *
 * @param benchmark {@code fqcn#method}, for messages
 * @param id the model's id in result files
 * @param model the model file
 * @param tokenizer its tokenizer file, or null
 * @param device the device to run on (never {@link Device#AUTO})
 * @param mode one of the backend's {@link Backend#modes()}, or null for its default
 * @param threads intra-op threads, or null for the backend's default
 */
public record ModelRequest(String benchmark, String id, ModelSource model, ModelSource tokenizer, Device device,
    String mode, Integer threads) {}
