/**
 * What a run was measured on, as results.json's {@code run} object records it: the machine and its
 * container limits, its GPUs, the Java and JUnit software, the git checkout. Plain records; they
 * are read off the machine by {@code dev.junitbench.machine}.
 *
 * <p>API status: {@code EXPERIMENTAL}: plain records of results.json's {@code run} object, which
 * gain components as more of the machine is recorded.
 */
package dev.junitbench.environment;
