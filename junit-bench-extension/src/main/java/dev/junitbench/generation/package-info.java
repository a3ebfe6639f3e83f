/**
 * Measuring text generation: the generators a scenario's workers call, each recording its requests'
 * token times, and the figures (time to first token, time per output token, inter-token latency,
 * tokens per second) those times come to.
 */
package dev.junitbench.generation;
