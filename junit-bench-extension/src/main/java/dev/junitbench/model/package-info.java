/**
 * Model files and inputs: where a model is found (class path, file, Maven jar) and its SHA-256
 * identity, tokenization, real sentences and synthetic tensors of the scenario's shape. Binding a
 * benchmark's {@code @Model} parameter is in {@code dev.junitbench.model.binding}.
 */
package dev.junitbench.model;
