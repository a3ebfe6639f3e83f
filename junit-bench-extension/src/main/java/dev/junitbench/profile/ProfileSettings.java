package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.config.Durations;
import dev.junitbench.keys.Suggestions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * The run's profiling settings: the kind {@code junit.bench.profile} asks of every benchmark (or
 * {@code off}, or unset), the sampling interval and the profiler. The setting wins over
 * {@code @Profile}: a kind set profiles every benchmark with it, {@code off} profiles none, and
 * only where it is unset does the annotation ask for a profile.
 *
 * @param off whether the setting is {@code off}
 * @param kind the kind the setting asks of every benchmark, or null
 * @param interval the sampling interval of a cpu or wall profile
 * @param profiler which profiler records
 */
@API(status = INTERNAL, since = "0.1")
public record ProfileSettings(
    boolean off, ProfileKind kind, Duration interval, ProfilerChoice profiler) {

  private static final String OFF = "off";

  /**
   * The settings of {@code config}.
   *
   * @throws BenchmarkConfigurationException naming a value that is not a kind, interval or profiler
   */
  public static ProfileSettings of(BenchConfig config) {
    Optional<String> value = config.declared(BenchConfig.PROFILE);
    boolean off = value.map(OFF::equalsIgnoreCase).orElse(false);
    ProfileKind kind =
        off
            ? null
            : value.map(text -> ProfileKind.of(text).orElseThrow(() -> unknown(text))).orElse(null);
    Duration interval =
        config
            .declared(BenchConfig.PROFILE_INTERVAL)
            .map(text -> Durations.parse(text, "-D" + BenchConfig.PROFILE_INTERVAL))
            .orElse(Defaults.PROFILE_INTERVAL);
    ProfilerChoice profiler =
        config
            .declared(BenchConfig.PROFILE_PROFILER)
            .map(
                text ->
                    ProfilerChoice.of(text)
                        .orElseThrow(
                            () ->
                                new BenchmarkConfigurationException(
                                    "-D"
                                        + BenchConfig.PROFILE_PROFILER
                                        + "="
                                        + text
                                        + " is not a profiler; use "
                                        + ProfilerChoice.names())))
            .orElse(ProfilerChoice.ASYNC_PROFILER);
    return new ProfileSettings(off, kind, interval, profiler);
  }

  /**
   * The kind a benchmark annotated with {@code annotated} (null: not annotated) is profiled with.
   */
  public Optional<ProfileKind> kindFor(ProfileKind annotated) {
    if (off) {
      return Optional.empty();
    }
    return Optional.ofNullable(kind != null ? kind : annotated);
  }

  private static BenchmarkConfigurationException unknown(String text) {
    List<String> names = new ArrayList<>();
    for (ProfileKind kind : ProfileKind.values()) {
      names.add(kind.id());
    }
    names.add(OFF);
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    String closest = null;
    int best = Integer.MAX_VALUE;
    for (String name : names) {
      int distance = Suggestions.distance(wanted, name);
      if (distance < best) {
        best = distance;
        closest = name;
      }
    }
    return new BenchmarkConfigurationException(
        "-D"
            + BenchConfig.PROFILE
            + "="
            + text
            + " is not a profile kind; use one of "
            + ProfileKind.names()
            + " or off"
            + (best <= 2 ? " (did you mean " + closest + "?)" : ""));
  }
}
