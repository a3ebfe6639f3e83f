package dev.junitbench.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.config.BenchConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@DisplayName("Did you mean")
class SuggestionsTests {

  private static List<String> known() {
    List<String> keys = new ArrayList<>(BenchConfig.keys());
    keys.remove(BenchConfig.FORK_CHILD);
    keys.add(BenchConfig.FORMAT_PREFIX + "html");
    keys.add(BenchConfig.FORMAT_PREFIX + "jmh");
    return keys;
  }

  @ParameterizedTest(name = "{0} -> {1}: {2}")
  @CsvSource({
    "'', '', 0",
    "abc, abc, 0",
    "abc, '', 3",
    "kitten, sitting, 3",
    "basline, baseline, 1",
    "ab, ba, 1",
    "measurment, measurement, 1",
    "ca, abc, 3",
    "forks, fork, 1",
    "Baseline, baseline, 1"
  })
  @DisplayName(
      "the distance counts insertions, deletions, substitutions and swaps of neighbours, 1 each")
  void distance(String a, String b, int expected) {
    assertThat(Suggestions.distance(a, b)).isEqualTo(expected);
    assertThat(Suggestions.distance(b, a)).isEqualTo(expected);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "junit.bench.basline | did you mean junit.bench.baseline?",
        "junit.bench.measurment.iterations | did you mean junit.bench.measurement.iterations?",
        "junit.bench.format.htm | did you mean junit.bench.format.html?",
        "junit.bench.fork | did you mean junit.bench.forks?",
        "junit.bench.forks.jvmargs | did you mean junit.bench.forks.jvm-args?",
        "junit.bench.Sampling.Enabled | did you mean junit.bench.sampling.enabled?",
        "junit.bench.unknown-key | did you mean junit.bench.unknown-keys?",
        "junit.bench.usr.limit | did you mean junit.bench.user.limit?",
        "junit.bench.iterations | did you mean junit.bench.warmup.iterations or junit.bench.measurement.iterations?",
        "junit.bench.alpha | did you mean junit.bench.regression.alpha?",
        "junit.bench.match | did you mean junit.bench.baseline.match?",
      })
  @DisplayName("a key close enough to a known one gets that one, or those ending in it")
  void close(String key, String advice) {
    assertThat(Suggestions.forKey(key, known())).isEqualTo(advice);
  }

  @Test
  @DisplayName("a key close to two known keys names both")
  void ties() {
    assertThat(
            Suggestions.forKey(
                "junit.bench.ab", List.of("junit.bench.abc", "junit.bench.abd", "junit.bench.xyz")))
        .isEqualTo("did you mean junit.bench.abc or junit.bench.abd?");
  }

  @Test
  @DisplayName("a key close to nothing gets the three nearest and the guide's table, never a guess")
  void far() {
    String advice = Suggestions.forKey("junit.bench.gpu.memory-fraction", known());
    assertThat(advice)
        .startsWith("no known key is close; the nearest are ")
        .endsWith(
            " (every key junit-bench reads is in the user guide's table, docs/configuration.adoc)")
        .doesNotContain("did you mean");
    assertThat(advice.substring(advice.indexOf("are ") + 4, advice.indexOf(" (")).split(", "))
        .hasSize(3)
        .allMatch(key -> known().contains(key));
  }

  @Test
  @DisplayName("the rule: at most max(2, n / 4) edits, n the length after junit.bench.")
  void rule() {
    // 'regression.thresh' is 17 long: 4 edits allowed, 'regression.threshold' is 3 away.
    assertThat(Suggestions.forKey("junit.bench.regression.thresh", known()))
        .isEqualTo("did you mean junit.bench.regression.threshold?");
    // 'bar' is 3 long: 2 edits allowed; 'forks' is 4 away.
    assertThat(Suggestions.forKey("junit.bench.bar", List.of("junit.bench.forks")))
        .startsWith("no known key is close");
    assertThat(Suggestions.forKey("junit.bench.fxrkq", List.of("junit.bench.forks")))
        .isEqualTo("did you mean junit.bench.forks?");
  }
}
