/**
 * The command line ({@code java -jar junit-bench-reports-...-cli.jar}): report, compare,
 * export-jmh, merge, history.
 */
package dev.junitbench.reports.cli;
