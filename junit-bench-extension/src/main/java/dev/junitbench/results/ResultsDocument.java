package dev.junitbench.results;

import java.util.List;

/**
 * The whole of results.json.
 *
 * @param schemaVersion version of this layout; readers reject versions they do not know
 * @param run what ran where
 * @param results one per scenario, in the order they finished
 */
public record ResultsDocument(int schemaVersion, RunInfo run, List<ScenarioResult> results) {

  /** The layout version this code writes. */
  public static final int SCHEMA_VERSION = 1;
}
