/**
 * How a scenario's result travels from the extension that measured it (or a fork that did) to the
 * listener that writes the run's files, and the listener's verdict on the run's configuration keys
 * back to the extension.
 */
package dev.junitbench.exchange;
