package dev.junitbench.benchmarks;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the synthetic-model benchmarks only when {@code junit.bench.user.synthetic.enabled=true}.
 */
final class SyntheticModelEnabled implements ExecutionCondition {

  static final String KEY = "junit.bench.user.synthetic.enabled";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    boolean enabled =
        context.getConfigurationParameter(KEY).map(Boolean::parseBoolean).orElse(false);
    return enabled
        ? ConditionEvaluationResult.enabled(KEY + "=true")
        : ConditionEvaluationResult.disabled(
            "the synthetic model runs only with -D" + KEY + "=true");
  }
}
