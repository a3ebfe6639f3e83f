/**
 * Forks: each scenario measured in fresh JVMs, what they hand back, and how their samples and
 * figures are pooled into one result.
 */
package dev.junitbench.fork;
