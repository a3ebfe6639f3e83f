/**
 * A benchmark's {@code @Model} parameter bound to the backend that opens it ({@link
 * dev.junitbench.model.binding.ModelBinding}, from the plain {@link
 * dev.junitbench.model.binding.ModelSpec} the adapter reads), and the models it opened ({@link
 * dev.junitbench.model.binding.LoadedModel}), with what opening them cost.
 */
package dev.junitbench.model.binding;
