package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Every {@code junit.bench.*} key a run is given, checked against the {@link KnownKeys}: each
 * key's value and source, and the keys nobody knows, each with its source and the known key it was
 * probably meant to be. Made once at the start of a run, before anything is measured.
 */
public final class KeyCheck {

  /** Words of a key's last part that mark a value results.json must not keep. */
  private static final Pattern SECRET = Pattern.compile("(^|[-_.])(password|passwd|secret|token|credentials?|apikey)"
      + "($|[-_])", Pattern.CASE_INSENSITIVE);

  /** An unknown key: where it came from and what it was probably meant to be. */
  public record Unknown(String key, KeySource source, String advice) {

    /** {@code junit.bench.basline (system property -Djunit.bench.basline): did you mean ...} */
    String line() {
      return key + " (" + source.described(key) + "): " + advice;
    }
  }

  /** A warning of a run with {@code junit.bench.unknown-keys=warn}: its cause (kept once) and its text. */
  public record Warning(String cause, String message) {}

  private final Map<String, String> values;
  private final Map<String, KeySource> sources;
  private final List<Unknown> unknown;
  private final KnownKeys known;

  private KeyCheck(Map<String, String> values, Map<String, KeySource> sources, List<Unknown> unknown,
      KnownKeys known) {
    this.values = values;
    this.sources = sources;
    this.unknown = unknown;
    this.known = known;
  }

  /**
   * Checks the run's configuration parameters: {@code parameterKeys} (JUnit's
   * {@code ConfigurationParameters.keySet()}), each valued by {@code lookup}.
   */
  public static KeyCheck of(Collection<String> parameterKeys, Function<String, Optional<String>> lookup,
      KnownKeys known, KeySources keySources) {
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, KeySource> sources = new LinkedHashMap<>();
    List<Unknown> unknown = new ArrayList<>();
    List<String> offered = null;
    for (String key : new TreeSet<>(parameterKeys)) {
      if (!key.startsWith(BenchConfig.PREFIX)) {
        continue;
      }
      String value = lookup.apply(key).orElse("");
      KeySource source = keySources.of(key, value);
      values.put(key, value);
      sources.put(key, source);
      if (!known.knows(key)) {
        offered = offered != null ? offered : known.offered();
        unknown.add(new Unknown(key, source, advice(key, offered, known.formatNames())));
      }
    }
    return new KeyCheck(values, sources, List.copyOf(unknown), known);
  }

  private static String advice(String key, List<String> offered, List<String> formats) {
    String suggestion = Suggestions.forKey(key, offered);
    if (!key.startsWith(BenchConfig.FORMAT_PREFIX)) {
      return suggestion;
    }
    return "no result format named " + key.substring(BenchConfig.FORMAT_PREFIX.length()) + " is on the class path"
        + " (found: " + (formats.isEmpty() ? "none" : String.join(", ", formats)) + "; html, jmh and history come with"
        + " junit-bench-reports); " + suggestion;
  }

  /** The keys nobody knows, in key order. */
  public List<Unknown> unknown() {
    return unknown;
  }

  /** Where each key set came from, as results.json's {@code run.config_sources} records it, in key order. */
  public Map<String, String> sources() {
    Map<String, String> labels = new LinkedHashMap<>();
    sources.forEach((key, source) -> labels.put(key, source.label()));
    return labels;
  }

  /**
   * Every key set with its value as written, for results.json's {@code run.config}; the value of a
   * key whose last part names a password, secret, token or credential is written as {@code ***}.
   */
  public Map<String, String> values() {
    Map<String, String> recorded = new LinkedHashMap<>();
    values.forEach((key, value) -> recorded.put(key,
        SECRET.matcher(key.substring(key.lastIndexOf('.') + 1)).find() ? "***" : value));
    return recorded;
  }

  /**
   * The error that stops the run, if any: a declaration junit-bench refuses, or, unless
   * {@code warnOnUnknown}, a key nobody knows. Every such key is listed, one line each.
   */
  public Optional<String> error(boolean warnOnUnknown) {
    List<String> problems = known.problems();
    boolean unknownFails = !warnOnUnknown && !unknown.isEmpty();
    if (problems.isEmpty() && !unknownFails) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    if (unknownFails) {
      text.append(unknown.size() == 1 ? "an unknown configuration key" : unknown.size() + " unknown configuration keys")
          .append(", so nothing is measured:");
      unknown.forEach(key -> text.append("\n  - ").append(key.line()));
      Set<String> fixes = new LinkedHashSet<>();
      unknown.forEach(key -> fixes.add(key.source().fix()));
      fixes.forEach(fix -> text.append("\nTo fix: ").append(fix).append('.'));
      text.append("\nKeys your own benchmark code reads belong under ").append(BenchConfig.USER_PREFIX)
          .append(", which is never checked; ").append(BenchConfig.UNKNOWN_KEYS)
          .append("=warn runs anyway, warning about each unknown key.");
      known.notes().forEach(note -> text.append("\nNote: ").append(note).append('.'));
    }
    if (!problems.isEmpty()) {
      text.append(unknownFails ? "\n" : "").append("configuration keys declared wrongly, so nothing is measured:");
      problems.forEach(problem -> text.append("\n  - ").append(problem));
    }
    return Optional.of(text.toString());
  }

  /** With {@code junit.bench.unknown-keys=warn}, one warning per unknown key. */
  public List<Warning> warnings() {
    List<Warning> warnings = new ArrayList<>();
    for (Unknown key : unknown) {
      warnings.add(new Warning("unknown key: " + key.key(), "unknown configuration key " + key.line()
          + " It is ignored (" + BenchConfig.UNKNOWN_KEYS + "=warn)."));
    }
    return warnings;
  }
}
