package dev.junitbench.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.ConfigurationKey;
import dev.junitbench.config.ConfigurationKeys;
import dev.junitbench.config.Durations;
import dev.junitbench.config.JvmArgs;
import dev.junitbench.stats.AllocationRule;
import dev.junitbench.stats.ByteSizes;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * The parsers of settings' values, fuzzed: durations, byte sizes, allocation thresholds, JVM
 * argument strings, and any value of any {@code junit.bench.*} configuration parameter. Any input
 * ends parsed or in the parser's own exception naming the value (a configuration error naming the
 * parameter), never another exception.
 */
class SettingValuesFuzzTests {

  @FuzzTest(maxDuration = "3m")
  void durations(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      Duration duration = Durations.parse(text, "@Warmup(time)");
      assertThat(duration).isPositive();
      assertThat(Durations.parse(Durations.format(duration), "again")).isEqualTo(duration);
    } catch (BenchmarkConfigurationException e) {
      assertThat(e.getMessage()).startsWith("@Warmup(time) = \"").contains("is not a duration");
    }
  }

  @FuzzTest(maxDuration = "3m")
  void byteSizes(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      assertThat(ByteSizes.parse(text)).isNotNegative().isFinite();
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).contains(ByteSizes.ACCEPTED);
    }
    try {
      assertThat(AllocationRule.parse(text)).isNotNull();
    } catch (IllegalArgumentException e) {
      assertThat(e.getMessage()).contains(AllocationRule.ACCEPTED);
    }
  }

  @FuzzTest(maxDuration = "3m")
  void jvmArgs(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      List<String> options = JvmArgs.split(text, "junit.bench.forks.jvm-args");
      assertThat(options).doesNotContainNull();
      JvmArgs.checked(options, "junit.bench.forks.jvm-args");
    } catch (BenchmarkConfigurationException e) {
      assertThat(e.getMessage()).contains("junit.bench.forks.jvm-args");
    }
  }

  @FuzzTest(maxDuration = "3m")
  void configuration(byte[] input) {
    if (input.length == 0) {
      return;
    }
    List<ConfigurationKey> keys = ConfigurationKeys.TABLE;
    String key = keys.get(Byte.toUnsignedInt(input[0]) % keys.size()).key();
    String value = new String(input, 1, input.length - 1, StandardCharsets.UTF_8);
    BenchConfig config =
        BenchConfig.of(name -> name.equals(key) ? Optional.of(value) : Optional.empty());
    try {
      config.validate();
    } catch (BenchmarkConfigurationException e) {
      assertThat(e.getMessage()).contains(key);
    }
  }
}
