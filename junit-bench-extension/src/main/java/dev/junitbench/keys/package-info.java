/**
 * The check of every {@code junit.bench.*} key a run is given against the keys junit-bench, its
 * result formats and its probes know, with where each key came from and the known key it was
 * probably meant to be.
 */
package dev.junitbench.keys;
