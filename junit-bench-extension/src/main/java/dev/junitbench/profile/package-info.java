/**
 * Profiles of a scenario's measurement: recorded with async-profiler (JDK Flight Recorder where it
 * cannot load) from the end of the warm-up to the end of the measurement, and read into flame
 * graphs and top frames. Exported to {@code dev.junitbench.reports} only, which draws differential
 * flame graphs with {@link dev.junitbench.profile.FlameGraphs}; no promise to anyone else.
 */
package dev.junitbench.profile;
