/**
 * How the machine and the process are read: /proc, cgroups, OSHI, nvidia-smi (once and as a stream),
 * git and the JVM; what fills the run's environment and what the built-in probes read.
 */
package dev.junitbench.machine;
