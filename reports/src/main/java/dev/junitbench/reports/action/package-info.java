/**
 * What the command line's report, compare, history import and history check do, once: the command
 * line and the Maven plugin both call these, each with its own names for the settings in messages.
 */
package dev.junitbench.reports.action;
