/**
 * The regression gate inside JUnit: a scenario compared with a baseline run or held to a
 * {@code @Budget} right after it is measured.
 */
package dev.junitbench.gate;
