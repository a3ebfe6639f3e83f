package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The profile settings")
class ProfileSettingsTests {

  private static ProfileSettings settings(Map<String, String> values) {
    return ProfileSettings.of(BenchConfig.of(key -> Optional.ofNullable(values.get(key))));
  }

  @Test
  @DisplayName("unset profile only what @Profile asks for, at async-profiler's 10 ms")
  void unset() {
    ProfileSettings unset = settings(Map.of());
    assertThat(unset.kindFor(null)).isEmpty();
    assertThat(unset.kindFor(ProfileKind.LOCK)).contains(ProfileKind.LOCK);
    assertThat(unset.interval()).isEqualTo(Duration.ofMillis(10));
    assertThat(unset.profiler()).isEqualTo(ProfilerChoice.ASYNC_PROFILER);
  }

  @Test
  @DisplayName("set to a kind profile every benchmark with it, set to off none")
  void setting() {
    ProfileSettings alloc = settings(Map.of(BenchConfig.PROFILE, " ALLOC "));
    assertThat(alloc.kindFor(null)).contains(ProfileKind.ALLOC);
    assertThat(alloc.kindFor(ProfileKind.CPU)).contains(ProfileKind.ALLOC);
    ProfileSettings off = settings(Map.of(BenchConfig.PROFILE, "off"));
    assertThat(off.kindFor(ProfileKind.CPU)).isEmpty();
  }

  @Test
  @DisplayName("read an interval and the profiler")
  void intervalAndProfiler() {
    ProfileSettings set =
        settings(Map.of(BenchConfig.PROFILE_INTERVAL, "2ms", BenchConfig.PROFILE_PROFILER, "JFR"));
    assertThat(set.interval()).isEqualTo(Duration.ofMillis(2));
    assertThat(set.profiler()).isEqualTo(ProfilerChoice.JFR);
  }

  @Test
  @DisplayName("name the kinds and the closest one for an unknown kind")
  void unknownKind() {
    assertThatThrownBy(() -> settings(Map.of(BenchConfig.PROFILE, "allocs")))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-Djunit.bench.profile=allocs is not a profile kind; use one of cpu, alloc, wall,"
                + " lock or off (did you mean alloc?)");
    assertThatThrownBy(() -> settings(Map.of(BenchConfig.PROFILE, "flamegraph")))
        .hasMessageNotContaining("did you mean")
        .hasMessageContaining("use one of cpu, alloc, wall, lock or off");
  }

  @Test
  @DisplayName("reject an interval that is not positive and an unknown profiler")
  void badIntervalAndProfiler() {
    assertThatThrownBy(() -> settings(Map.of(BenchConfig.PROFILE_INTERVAL, "0ms")))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessageContaining(
            "-Djunit.bench.profile.interval = \"0ms\" is not a duration; use a positive");
    assertThatThrownBy(() -> settings(Map.of(BenchConfig.PROFILE_INTERVAL, "often")))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessageContaining("junit.bench.profile.interval");
    assertThatThrownBy(() -> settings(Map.of(BenchConfig.PROFILE_PROFILER, "perf")))
        .isInstanceOf(BenchmarkConfigurationException.class)
        .hasMessage(
            "-Djunit.bench.profile.profiler=perf is not a profiler; use async-profiler, jfr");
  }
}
