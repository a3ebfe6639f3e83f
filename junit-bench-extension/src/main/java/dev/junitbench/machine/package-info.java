/**
 * How the machine and the process are read: /proc, cgroups, OSHI, nvidia-smi (once and as a
 * stream), git and the JVM: the readers, each named for what it reads; the plain records they fill,
 * which results.json keeps, are in {@code dev.junitbench.environment}. The built-in probes read
 * through them too.
 */
package dev.junitbench.machine;
