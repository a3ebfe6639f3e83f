/**
 * Model files and inputs: where a model is found (class path, file, Maven jar), tokenization, real
 * sentences and synthetic tensors of the scenario's shape.
 */
package dev.junitbench.model;
