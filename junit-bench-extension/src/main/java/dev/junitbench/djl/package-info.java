/**
 * The DJL backend: models opened through DJL's engines (PyTorch, OnnxRuntime), found through
 * {@code ServiceLoader} when DJL is on the test class path.
 */
package dev.junitbench.djl;
