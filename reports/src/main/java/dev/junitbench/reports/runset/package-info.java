/** Run sets: the runs of several machines kept together under their labels, with an index. */
package dev.junitbench.reports.runset;
