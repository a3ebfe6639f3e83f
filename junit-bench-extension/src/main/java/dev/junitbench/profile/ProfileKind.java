package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apiguardian.api.API;

/**
 * What a profile of a scenario's measurement records: where the CPU time went, where the heap was
 * allocated, where the threads spent their wall-clock time, or where they waited for locks. The
 * names are async-profiler's events and the flags of its converter.
 */
@API(status = INTERNAL, since = "0.1")
public enum ProfileKind {
  /** Samples of the threads on a CPU: perf events, else a timer ({@code itimer}). */
  CPU("cpu"),
  /** Samples of heap allocations, weighed by their bytes. */
  ALLOC("alloc"),
  /** Samples of every thread at a fixed wall-clock interval, running or waiting. */
  WALL("wall"),
  /** Contended monitor and lock acquisitions, weighed by the time waited. */
  LOCK("lock");

  private final String id;

  ProfileKind(String id) {
    this.id = id;
  }

  /** The kind as configured and written: {@code cpu}, {@code alloc}, {@code wall}, {@code lock}. */
  public String id() {
    return id;
  }

  /** The kind named {@code text} (any case, surrounding blanks ignored), or empty. */
  public static Optional<ProfileKind> of(String text) {
    String wanted = text.strip().toLowerCase(Locale.ROOT);
    return Arrays.stream(values()).filter(kind -> kind.id.equals(wanted)).findFirst();
  }

  /** The kinds' names, for a message: {@code cpu, alloc, wall, lock}. */
  public static String names() {
    return Arrays.stream(values()).map(ProfileKind::id).collect(Collectors.joining(", "));
  }
}
