package dev.junitbench.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The table of configuration keys the guide shows")
class ConfigurationKeysTests {

  private static final BenchConfig UNSET = BenchConfig.of(key -> Optional.empty());

  private static Map<String, String> shownDefaults() {
    return ConfigurationKeys.TABLE.stream()
        .collect(Collectors.toMap(ConfigurationKey::key, ConfigurationKey::shownDefault));
  }

  /** The value inside a default shown as {@code `+value+`}. */
  private static String literalIn(String shown) {
    assertThat(shown).startsWith("`+").endsWith("+`");
    return shown.substring(2, shown.length() - 2);
  }

  @Test
  @DisplayName("holds every key BenchConfig knows but the fork's own, and no other, once each")
  void sameKeysAsBenchConfig() {
    List<String> tableKeys = ConfigurationKeys.TABLE.stream().map(ConfigurationKey::key).toList();
    List<String> known = BenchConfig.keys();
    assertThat(tableKeys).doesNotHaveDuplicates().doesNotContain(BenchConfig.FORK_CHILD);
    assertThat(known)
        .containsExactlyInAnyOrderElementsOf(concat(tableKeys, List.of(BenchConfig.FORK_CHILD)));
    assertThat(ConfigurationKeys.FAMILIES)
        .extracting(ConfigurationKey::key)
        .noneMatch(known::contains)
        .allMatch(key -> key.startsWith(BenchConfig.PREFIX));
  }

  private static List<String> concat(List<String> first, List<String> second) {
    return Stream.concat(first.stream(), second.stream()).toList();
  }

  @Test
  @DisplayName("shows as each default what BenchConfig yields when the key is not set")
  void defaultsShownAreTheCodes() {
    Map<String, String> shown = shownDefaults();
    Function<String, String> value = key -> literalIn(shown.get(key));
    assertThat(Path.of(value.apply(BenchConfig.OUTPUT_DIR))).isEqualTo(UNSET.outputDir());
    assertThat(Boolean.parseBoolean(value.apply(BenchConfig.PROGRESS))).isEqualTo(UNSET.progress());
    assertThat(Boolean.parseBoolean(value.apply(BenchConfig.DRY_RUN))).isEqualTo(UNSET.dryRun());
    assertThat(Boolean.parseBoolean(value.apply(BenchConfig.SAMPLING_ENABLED)))
        .isEqualTo(UNSET.samplingEnabled());
    assertThat(Durations.parse(value.apply(BenchConfig.SAMPLING_INTERVAL), "the table"))
        .isEqualTo(UNSET.samplingInterval());
    assertThat(Boolean.parseBoolean(value.apply(BenchConfig.HOST_INCLUDE_NAME)))
        .isEqualTo(UNSET.hostIncludeName());
    assertThat(value.apply(BenchConfig.NVIDIA_SMI)).isEqualTo(UNSET.nvidiaSmi());
    assertThat(Path.of(value.apply(BenchConfig.POWERCAP_ROOT))).isEqualTo(UNSET.powercapRoot());
    assertThat(Path.of(value.apply(BenchConfig.CGROUP_ROOT))).isEqualTo(UNSET.cgroupRoot());
    assertThat(Durations.parse(value.apply(BenchConfig.FORKS_TIMEOUT), "the table"))
        .isEqualTo(UNSET.forksTimeout());
    assertThat(value.apply(BenchConfig.UNKNOWN_KEYS))
        .isEqualTo(UNSET.warnOnUnknownKeys() ? "warn" : "fail");
    assertThat(value.apply(BenchConfig.BASELINE_MATCH))
        .isEqualToIgnoringCase(UNSET.baselineMatch().name());
    // The threshold is shown as a percentage, the level as a number; both parse as the gate's.
    Map<String, String> gate =
        Map.of(
            BenchConfig.REGRESSION_THRESHOLD, value.apply(BenchConfig.REGRESSION_THRESHOLD),
            BenchConfig.REGRESSION_ALPHA, value.apply(BenchConfig.REGRESSION_ALPHA));
    assertThat(BenchConfig.of(key -> Optional.ofNullable(gate.get(key))).regressionRule())
        .isEqualTo(UNSET.regressionRule());
  }

  @Test
  @DisplayName("is written as an AsciiDoc table with a row per key, and a wrong call is named")
  void writesTheTable(@TempDir Path folder) throws IOException {
    Path file = folder.resolve("generated/configuration-keys.adoc");
    ConfigurationKeysDocument.main(new String[] {file.toString()});
    String text = Files.readString(file, StandardCharsets.UTF_8);
    assertThat(text).startsWith("[cols=").endsWith("|===\n");
    for (ConfigurationKey row : ConfigurationKeys.TABLE) {
      assertThat(text).contains("| `+" + row.key() + "+`\n| " + row.effect());
    }
    assertThat(ConfigurationKeys.shortDuration(Duration.ofMinutes(30))).isEqualTo("30m");
    assertThat(ConfigurationKeys.shortDuration(Duration.ofMillis(50))).isEqualTo("50ms");
    assertThatThrownBy(() -> ConfigurationKeysDocument.main(new String[0]))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected one argument, the AsciiDoc file to write");
  }
}
