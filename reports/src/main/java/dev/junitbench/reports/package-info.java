/**
 * junit-bench-reports: reads run folders and writes what people read from them; a result format that
 * writes report.html into every run folder when this jar is on the test class path.
 */
package dev.junitbench.reports;
