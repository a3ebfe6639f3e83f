/**
 * junit-bench-reports: reads run folders and writes what people read from them; a result format
 * that writes report.html into every run folder when this jar is on the test class path.
 *
 * <p>API status: {@code EXPERIMENTAL} ({@link dev.junitbench.reports.BadInputException}), {@code
 * INTERNAL} (the helpers the reports' own packages share): the reports' Java side is young; its
 * command line and files are what users rely on.
 */
package dev.junitbench.reports;
