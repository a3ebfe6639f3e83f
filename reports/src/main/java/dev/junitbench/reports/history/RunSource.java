package dev.junitbench.reports.history;

import dev.junitbench.results.RunFolder;
import dev.junitbench.results.Samples;

/**
 * A run to import, read and checked before the store is touched.
 *
 * @param run the run folder
 * @param samples its raw samples, or null when it kept none
 * @param host the label its series are kept under: a run set's label for the member, or the host's
 *     name
 * @param modificationTime whether its start is a JMH result file's modification time, none having
 *     been given
 */
public record RunSource(RunFolder run, Samples samples, String host, boolean modificationTime) {}
