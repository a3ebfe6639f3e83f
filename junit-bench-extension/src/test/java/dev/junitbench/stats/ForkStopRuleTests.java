package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The stop rule of forks until the answer is known")
class ForkStopRuleTests {

  @Test
  @DisplayName("refuses fewer than 3 forks, max below min and a precision outside (0, 1)")
  void badRules() {
    assertThatThrownBy(() -> new ForkStopRule(2, 10, 0.02))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("min must be 3 forks or more, was 2");
    assertThatThrownBy(() -> new ForkStopRule(5, 4, 0.02))
        .hasMessageContaining("max must be min or more, was 4 < 5");
    assertThatThrownBy(() -> new ForkStopRule(3, 10, 0))
        .hasMessageContaining("precision must be above 0 and below 1");
    assertThatThrownBy(() -> new ForkStopRule(3, 10, 1))
        .hasMessageContaining("precision must be above 0 and below 1");
    assertThatThrownBy(() -> new ForkStopRule(3, 10, 0.02).look(new double[] {1, 1}))
        .hasMessageContaining("between 3 and 10 fork medians are needed, was 2");
  }

  @Test
  @DisplayName("inflates the t quantile by 1.25 before the last look and by 1.15 at it")
  void inflated() {
    ForkStopRule rule = new ForkStopRule(3, 10, 0.02);
    assertThat(rule.quantile(3)).isCloseTo(1.25 * 4.302652729911275, within(1e-6));
    assertThat(rule.quantile(10)).isCloseTo(1.15 * 2.262157162740992, within(1e-6));
  }

  @Test
  @DisplayName("stops when the inflated interval is within the precision, at max otherwise")
  void decides() {
    ForkStopRule rule = new ForkStopRule(3, 4, 0.05);
    // Log medians 0, +-0.01: sd 0.01; half-width 1.25 x 4.303 x 0.01 / sqrt(3) = 0.031.
    double[] agreeing = {Math.exp(-0.01), 1, Math.exp(0.01)};
    ForkStopRule.Look stop = rule.look(agreeing);
    assertThat(stop.stop()).isEqualTo(ForkStopRule.Stop.PRECISION_REACHED);
    assertThat(stop.halfWidth())
        .isCloseTo(Math.sinh(1.25 * 4.302652729911275 * 0.01 / Math.sqrt(3)), within(1e-9));
    assertThat((stop.ci95High() - stop.ci95Low()) / (2 * stop.centerMs()))
        .isCloseTo(stop.halfWidth(), within(1e-12));
    assertThat(stop.centerMs()).isCloseTo(1, within(1e-12));

    double[] apart = {Math.exp(-0.03), 1, Math.exp(0.03)};
    assertThat(rule.look(apart).stop()).isEqualTo(ForkStopRule.Stop.CONTINUE);
    assertThat(rule.look(new double[] {Math.exp(-0.06), 1, Math.exp(0.06), 1}).stop())
        .isEqualTo(ForkStopRule.Stop.MAX_REACHED);
    assertThat(ForkStopRule.naive(3, 4, 0.05).look(apart).halfWidth())
        .as("the naive interval is narrower")
        .isLessThan(rule.look(apart).halfWidth());
  }

  @Test
  @DisplayName("names its method with degrees of freedom and the inflation")
  void method() {
    ForkStopRule rule = new ForkStopRule(3, 10, 0.02);
    assertThat(rule.method(4))
        .isEqualTo(
            "sequential student-t on log fork medians, 3 df, quantile x1.25 (stopping corrected)");
    assertThat(rule.method(10)).contains("9 df, quantile x1.15");
  }
}
