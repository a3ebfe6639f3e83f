/**
 * How a scenario's result travels from the extension that measured it (or a fork that did) to the
 * listener that writes the run's files.
 */
package dev.junitbench.exchange;
