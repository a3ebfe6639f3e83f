/** Export of a run in JMH's JSON result format, for tools that read JMH. */
package dev.junitbench.reports.jmh;
