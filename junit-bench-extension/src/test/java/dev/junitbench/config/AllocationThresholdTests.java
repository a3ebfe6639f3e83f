package dev.junitbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.stats.AllocationRule;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("The setting junit.bench.regression.alloc-threshold")
class AllocationThresholdTests {

  private static BenchConfig config(String value) {
    Map<String, String> values =
        value == null ? Map.of() : Map.of(BenchConfig.ALLOC_THRESHOLD, value);
    return BenchConfig.of(key -> Optional.ofNullable(values.get(key)));
  }

  @Test
  @DisplayName("defaults to more by over 5% and by at least 64 bytes per operation")
  void defaults() {
    assertThat(config(null).allocationRule()).isEqualTo(new AllocationRule(0.05, 64));
    assertThat(config(null).effective()).containsEntry(BenchConfig.ALLOC_THRESHOLD, "5%,64B");
    assertThat(BenchConfig.keys()).contains(BenchConfig.ALLOC_THRESHOLD);
    assertThat(ConfigurationKeys.TABLE)
        .anySatisfy(
            row -> {
              assertThat(row.key()).isEqualTo(BenchConfig.ALLOC_THRESHOLD);
              assertThat(row.shownDefault()).isEqualTo("`+5%,64B+`");
            });
  }

  @Test
  @DisplayName("reads a change alone (floor 64 bytes), or a change and a floor with a unit")
  void parses() {
    assertThat(config("10%").allocationRule()).isEqualTo(new AllocationRule(0.1, 64));
    assertThat(config("0.02").allocationRule()).isEqualTo(new AllocationRule(0.02, 64));
    assertThat(config("10%, 1KB").allocationRule()).isEqualTo(new AllocationRule(0.1, 1024));
    assertThat(config("0%,0").allocationRule()).isEqualTo(new AllocationRule(0, 0));
    assertThat(config("5%,1.5MB").allocationRule().written()).isEqualTo("5%,1.5MB");
  }

  @Test
  @DisplayName(
      "writes a fraction of a byte per operation with two significant digits, never as 0.0 B")
  void fractionOfAByte() {
    assertThat(AllocationRule.bytes(1.2e-4)).isEqualTo("0.00012 B");
    assertThat(AllocationRule.bytes(0.05)).isEqualTo("0.050 B");
    assertThat(AllocationRule.bytes(0)).isEqualTo("0 B");
    assertThat(AllocationRule.bytes(2.5)).isEqualTo("2.5 B");
    assertThat(AllocationRule.bytes(1536)).isEqualTo("1.5 KB");
  }

  @Test
  @DisplayName(
      "refuses a bare change of 1 or more, 10 meant as 10%: a change of 1000% calls nothing")
  void bareNumber() {
    assertThatThrownBy(() -> config("10,64B").validate())
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-D"
                + BenchConfig.ALLOC_THRESHOLD
                + "=10,64B is a fraction, a change of 1000%: write 10% for that many percent (or"
                + " 0.1); a bare number is a fraction, and a change of 100% or more is written"
                + " with %");
    assertThatThrownBy(() -> config("150").validate())
        .hasMessageContaining("150 is a fraction, a change of 15000%: write 150% for that many")
        .as("no fraction of 1 or more suggested")
        .hasMessageNotContaining("(or ");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"five", "-5%", "5%,lots", "5%,-64B", "5%,64B,1"})
  @DisplayName("names a bad value, the setting and the accepted form")
  void rejects(String value) {
    assertThatThrownBy(() -> config(value).validate())
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-D"
                + BenchConfig.ALLOC_THRESHOLD
                + "="
                + value
                + " is not valid; use "
                + AllocationRule.ACCEPTED);
  }
}
