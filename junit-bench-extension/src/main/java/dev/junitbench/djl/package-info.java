/**
 * The DJL backend: models opened through DJL's engines (PyTorch, OnnxRuntime), found through {@code
 * ServiceLoader} when DJL is on the test class path.
 *
 * <p>API status: {@code EXPERIMENTAL} (the handles), {@code INTERNAL} (the backend, public for
 * {@code ServiceLoader}): the backends are young and their handles may still change.
 */
package dev.junitbench.djl;
