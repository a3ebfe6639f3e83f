/**
 * What a run was measured on and how the machine is read: the machine and its container limits, the
 * GPUs nvidia-smi lists, the Java and JUnit software, the git checkout (results.json's {@code run}
 * object); the process's and machine's counters the probes read.
 */
package dev.junitbench.environment;
