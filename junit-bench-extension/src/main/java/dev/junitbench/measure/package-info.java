/**
 * The timed loop and what it hands on: a benchmark body called between two clock reads per
 * iteration, warm-up then measurement, its progress published for the progress line. It knows
 * neither JUnit nor the annotations: a body is a {@link dev.junitbench.measure.TimedCall}.
 */
package dev.junitbench.measure;
