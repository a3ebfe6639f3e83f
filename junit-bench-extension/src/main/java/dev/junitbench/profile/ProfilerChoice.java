package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/** Which profiler records a profile, as {@code junit.bench.profile.profiler} names it. */
@API(status = INTERNAL, since = "0.1")
public enum ProfilerChoice {
  /** async-profiler, and JDK Flight Recorder where it cannot load. */
  ASYNC_PROFILER("async-profiler"),
  /** JDK Flight Recorder only: no native library is loaded. */
  JFR("jfr");

  private final String id;

  ProfilerChoice(String id) {
    this.id = id;
  }

  /** The choice as configured: {@code async-profiler} or {@code jfr}. */
  public String id() {
    return id;
  }

  /** The choice named {@code text} (any case, surrounding blanks ignored), or empty. */
  public static Optional<ProfilerChoice> of(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(choice -> choice.id.equals(wanted)).findFirst();
  }

  /** The choices' names, for a message. */
  public static String names() {
    return Arrays.stream(values()).map(ProfilerChoice::id).collect(Collectors.joining(", "));
  }
}
