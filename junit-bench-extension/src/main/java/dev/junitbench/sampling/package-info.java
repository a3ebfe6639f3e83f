/**
 * The built-in probes, run while a scenario is measured: memory, CPU utilization and garbage
 * collection, energy, and the GPU through nvidia-smi; and the sampler that runs them with the
 * probes of the class path.
 */
package dev.junitbench.sampling;
