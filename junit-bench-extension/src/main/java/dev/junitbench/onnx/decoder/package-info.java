/**
 * GPT-2-shaped decoder models with a key-value cache built offline, their signature, and the greedy
 * generation loop that times each token.
 */
package dev.junitbench.onnx.decoder;
