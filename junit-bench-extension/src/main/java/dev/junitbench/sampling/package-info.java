/**
 * What is read off the machine while a scenario runs: memory, CPU and GPU utilization, energy; and the
 * GPUs nvidia-smi lists.
 */
package dev.junitbench.sampling;
