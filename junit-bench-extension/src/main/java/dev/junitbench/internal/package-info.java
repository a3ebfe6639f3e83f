/**
 * Helpers the extension and the reports module share, exported to {@code dev.junitbench.reports}
 * only: atomic file writing, plain-text tables, and what the gate and {@code compare} both say and
 * decide of a scenario against its baseline (the test picked, the nearest scenario, a changed
 * model). No promise to anyone: they change whenever the two modules need it.
 */
package dev.junitbench.internal;
