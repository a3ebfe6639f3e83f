/**
 * GPT-2-shaped decoder models with a key-value cache built offline, their signature, and the greedy
 * generation loop that times each token.
 *
 * <p>API status: {@code EXPERIMENTAL}: the decoder models and the generation loop are new and may
 * still change.
 */
package dev.junitbench.onnx.decoder;
