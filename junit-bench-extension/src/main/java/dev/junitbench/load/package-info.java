/**
 * Measuring under MLPerf LoadGen's scenarios: the checked plan of {@code @Load} ({@link
 * dev.junitbench.load.LoadPlanning}), SingleStream and MultiStream on the test thread ({@link
 * dev.junitbench.load.StreamRun}), Offline, Server (a precomputed Poisson schedule, the scheduler
 * that issues queries at their intended times, the peak search) and Concurrency on worker threads
 * ({@link dev.junitbench.load.LoadRun}), and the goodput of a generating Server run. The scenario a
 * benchmark is handed ({@code LoadPoint}, {@code LoadScenario}) is in {@code dev.junitbench.infra}.
 */
package dev.junitbench.load;
