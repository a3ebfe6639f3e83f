/**
 * The extension's test kit: ways to run fixture classes, configuration always given explicitly.
 *
 * <ul>
 *   <li>{@link dev.junitbench.testkit.BenchmarkTestKit}: through JUnit's engine test kit, in this
 *       JVM; each scenario's result and the engine's events. Assert on a result with {@link
 *       dev.junitbench.testkit.ScenarioResultAssert}. The first choice.
 *   <li>{@link dev.junitbench.testkit.ListenerRun}: through a launcher with the results listener,
 *       for what it writes and prints (results.json, the CSV files, the console table).
 *   <li>{@link dev.junitbench.testkit.ConsoleLauncherRun}: the JUnit Console Launcher in a JVM of
 *       its own, for what only a real build sees (ServiceLoader, system properties,
 *       junit-platform.properties).
 * </ul>
 *
 * <p>Run folders with chosen samples (baselines with known figures) come from {@code
 * dev.junitbench.results.RunFolders}, which the extension's test-jar ships to the reports module's
 * tests.
 */
package dev.junitbench.testkit;
