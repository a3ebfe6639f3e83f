package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * The whole of results.json.
 *
 * @param schemaVersion version of this layout; readers reject versions they do not know
 * @param run what ran where
 * @param results one per scenario, in the order they finished
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ResultsDocument(int schemaVersion, RunInfo run, List<ScenarioResult> results) {

  /** The layout version this code writes. */
  public static final int SCHEMA_VERSION = 1;
}
