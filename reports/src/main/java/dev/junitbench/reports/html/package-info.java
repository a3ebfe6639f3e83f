/**
 * The self-contained HTML pages: a run's report (or a run set's, hosts side by side) and history's
 * trend page.
 */
package dev.junitbench.reports.html;
