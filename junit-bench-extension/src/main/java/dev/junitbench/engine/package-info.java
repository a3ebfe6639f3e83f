/**
 * The engine: one benchmark's plan as plain data ({@link dev.junitbench.engine.BenchmarkPlan}, its
 * scenarios expanded from {@link dev.junitbench.engine.Dimensions}) and one scenario's run from
 * set-up to verdict ({@link dev.junitbench.engine.ScenarioRun}: model, inputs, warm-up and
 * measurement under its load, probes, forks, gate). It knows neither JUnit nor the annotations: the
 * adapter in {@code dev.junitbench} reads them into a plan and drives a run.
 */
package dev.junitbench.engine;
