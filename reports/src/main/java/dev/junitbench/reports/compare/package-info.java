/**
 * Two runs, or two builds' rounds, compared scenario by scenario with a regression verdict; as
 * text, Markdown and JSON.
 */
package dev.junitbench.reports.compare;
