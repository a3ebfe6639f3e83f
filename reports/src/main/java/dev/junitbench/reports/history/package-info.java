/**
 * The history store (DuckDB or PostgreSQL): runs imported once each, series per scenario and host,
 * their trend and their change points.
 */
package dev.junitbench.reports.history;
