/**
 * What a run was measured on: the machine and its container limits, the Java and JUnit software, the git
 * checkout; recorded in results.json's {@code run} object.
 */
package dev.junitbench.environment;
