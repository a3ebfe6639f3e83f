package dev.junitbench.engine;

import dev.junitbench.model.binding.ModelBinding;
import java.util.Optional;

/**
 * Whether a benchmark's model and tokenizer files are there, checked once for all its scenarios
 * before any of them is set up. A missing file fails every scenario, but is explained once: the
 * first scenario it fails carries the whole message with the number of scenarios it affects, the
 * others a short reference to that one.
 */
final class ModelFiles {

  private static final ModelFiles NONE = new ModelFiles(null);

  private final ModelBinding.MissingFile missing;
  private String reportedUnder;

  private ModelFiles(ModelBinding.MissingFile missing) {
    this.missing = missing;
  }

  /** The files of {@code plan}'s model, checked by the first of its scenarios that asks. */
  static ModelFiles of(BenchmarkPlan plan, ScenarioResources resources) {
    ModelBinding model = plan.model();
    return model == null
        ? NONE
        : resources.shared(
            ModelFiles.class,
            () -> new ModelFiles(model.missingFile(resources.classLoader()).orElse(null)));
  }

  /** The missing file, if one is. */
  Optional<ModelBinding.MissingFile> missing() {
    return Optional.ofNullable(missing);
  }

  /**
   * Why scenario {@code scenario} of {@code benchmark}, one of {@code scenarios}, cannot run: in
   * full the first time, a reference to that scenario after; empty when nothing is missing.
   */
  synchronized Optional<String> failure(String benchmark, String scenario, int scenarios) {
    if (missing == null) {
      return Optional.empty();
    }
    if (reportedUnder == null) {
      reportedUnder = scenario;
      String explanation = missing.explanation();
      String first = explanation.lines().findFirst().orElse(explanation);
      String rest = explanation.substring(first.length());
      return Optional.of(
          first
              + (scenarios > 1
                  ? (first.endsWith(".") ? "" : ".")
                      + " All "
                      + scenarios
                      + " scenarios of the benchmark need it: it is explained once, here, the"
                      + " others refer to "
                      + scenario
                      + "."
                  : "")
              + rest);
    }
    return Optional.of(
        benchmark
            + ": \""
            + missing.location()
            + "\" of its @Model is not there; see "
            + reportedUnder
            + ", which explains it once for all "
            + scenarios
            + " scenarios");
  }
}
