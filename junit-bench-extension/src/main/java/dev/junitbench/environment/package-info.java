/**
 * What a run was measured on, as results.json's {@code run} object records it: the machine and its
 * container limits, its GPUs, the Java and JUnit software, the git checkout. Plain records; they
 * are read off the machine by {@code dev.junitbench.machine}.
 */
package dev.junitbench.environment;
