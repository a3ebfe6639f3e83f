package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Every {@code junit.bench.*} key a run is given, checked against the {@link KnownKeys}: each key's
 * value and source, and the keys nobody knows, each with its source and the known key it was
 * probably meant to be. Made once at the start of a run, before anything is measured.
 *
 * <p>What every run goes through, and the lines of an unknown key, are written with {@link
 * StringBuilder} and plain loops rather than {@code +} and lambdas: the check runs once per JVM, at
 * the run's start, where each such call site costs its first run a bootstrap (a fraction of a
 * millisecond), and the check has 10 ms in all.
 */
public final class KeyCheck {

  /** Words of a key's last part that mark a value results.json must not keep. */
  private static final Set<String> SECRET_WORDS =
      Set.of("password", "passwd", "secret", "token", "credential", "credentials", "apikey");

  /** An unknown key: where it came from and what it was probably meant to be. */
  public record Unknown(String key, KeySource source, String advice) {

    /** {@code junit.bench.basline (system property -Djunit.bench.basline): did you mean ...} */
    void appendTo(StringBuilder text) {
      text.append(key).append(" (");
      source.describe(key, text);
      text.append("): ").append(advice);
    }
  }

  /**
   * A warning of a run with {@code junit.bench.unknown-keys=warn}: its cause (kept once) and its
   * text.
   */
  public record Warning(String cause, String message) {}

  private final Map<String, String> values;
  private final Map<String, KeySource> sources;
  private final List<Unknown> unknown;
  private final KnownKeys known;

  private KeyCheck(
      Map<String, String> values,
      Map<String, KeySource> sources,
      List<Unknown> unknown,
      KnownKeys known) {
    this.values = values;
    this.sources = sources;
    this.unknown = unknown;
    this.known = known;
  }

  /**
   * Checks the run's configuration parameters: {@code parameterKeys} (JUnit's {@code
   * ConfigurationParameters.keySet()}), each valued by {@code lookup}.
   */
  public static KeyCheck of(
      Collection<String> parameterKeys,
      Function<String, Optional<String>> lookup,
      KnownKeys known,
      KeySources keySources) {
    TreeSet<String> benchKeys = new TreeSet<>();
    for (String key : parameterKeys) {
      if (key.startsWith(BenchConfig.PREFIX)) {
        benchKeys.add(key);
      }
    }
    Map<String, String> values = new LinkedHashMap<>();
    Map<String, KeySource> sources = new LinkedHashMap<>();
    List<Unknown> unknown = new ArrayList<>();
    for (String key : benchKeys) {
      String value = lookup.apply(key).orElse("");
      KeySource source = keySources.of(key, value);
      values.put(key, value);
      sources.put(key, source);
      if (!known.knows(key)) {
        unknown.add(new Unknown(key, source, advice(key, known)));
      }
    }
    return new KeyCheck(values, sources, List.copyOf(unknown), known);
  }

  private static String advice(String key, KnownKeys known) {
    String suggestion = Suggestions.forKey(key, known.offered());
    if (!key.startsWith(BenchConfig.FORMAT_PREFIX)) {
      return suggestion;
    }
    List<String> formats = known.formatNames();
    return new StringBuilder("no result format named ")
        .append(key, BenchConfig.FORMAT_PREFIX.length(), key.length())
        .append(" is on the class path (found: ")
        .append(formats.isEmpty() ? "none" : String.join(", ", formats))
        .append("; html, jmh and history come with junit-bench-reports); ")
        .append(suggestion)
        .toString();
  }

  /** The keys nobody knows, in key order. */
  public List<Unknown> unknown() {
    return unknown;
  }

  /**
   * Where each key set came from, as results.json's {@code run.config_sources} records it, in key
   * order.
   */
  public Map<String, String> sources() {
    Map<String, String> labels = new LinkedHashMap<>();
    for (Map.Entry<String, KeySource> entry : sources.entrySet()) {
      labels.put(entry.getKey(), entry.getValue().label());
    }
    return labels;
  }

  /**
   * Every key set with its value as written, for results.json's {@code run.config}; the value of a
   * key whose last part names a password, secret, token or credential is written as {@code ***}.
   */
  public Map<String, String> values() {
    Map<String, String> recorded = new LinkedHashMap<>();
    for (Map.Entry<String, String> entry : values.entrySet()) {
      recorded.put(entry.getKey(), secret(entry.getKey()) ? "***" : entry.getValue());
    }
    return recorded;
  }

  /** Whether a word of {@code key}'s last part, split at - and _, names a secret. */
  private static boolean secret(String key) {
    int start = key.lastIndexOf('.') + 1;
    for (int end = start; end <= key.length(); end++) {
      if (end == key.length() || key.charAt(end) == '-' || key.charAt(end) == '_') {
        if (SECRET_WORDS.contains(key.substring(start, end).toLowerCase(Locale.ROOT))) {
          return true;
        }
        start = end + 1;
      }
    }
    return false;
  }

  /**
   * The error that stops the run, if any: a declaration junit-bench refuses, or, unless {@code
   * warnOnUnknown}, a key nobody knows. Every such key is listed, one line each.
   */
  public Optional<String> error(boolean warnOnUnknown) {
    List<String> problems = known.problems();
    boolean unknownFails = !warnOnUnknown && !unknown.isEmpty();
    if (problems.isEmpty() && !unknownFails) {
      return Optional.empty();
    }
    StringBuilder text = new StringBuilder();
    if (unknownFails) {
      if (unknown.size() == 1) {
        text.append("an unknown configuration key");
      } else {
        text.append(unknown.size()).append(" unknown configuration keys");
      }
      text.append(", so nothing is measured:");
      List<String> fixes = new ArrayList<>();
      for (Unknown key : unknown) {
        key.appendTo(text.append("\n  - "));
        String fix = key.source().fix();
        if (!fixes.contains(fix)) {
          fixes.add(fix);
        }
      }
      for (String fix : fixes) {
        text.append("\nTo fix: ").append(fix).append('.');
      }
      text.append("\nKeys your own benchmark code reads belong under ")
          .append(BenchConfig.USER_PREFIX)
          .append(", which is never checked; ")
          .append(BenchConfig.UNKNOWN_KEYS)
          .append("=warn runs anyway, warning about each unknown key.");
      for (String note : known.notes()) {
        text.append("\nNote: ").append(note).append('.');
      }
    }
    if (!problems.isEmpty()) {
      text.append(unknownFails ? "\n" : "")
          .append("configuration keys declared wrongly, so nothing is measured:");
      for (String problem : problems) {
        text.append("\n  - ").append(problem);
      }
    }
    return Optional.of(text.toString());
  }

  /** With {@code junit.bench.unknown-keys=warn}, one warning per unknown key. */
  public List<Warning> warnings() {
    List<Warning> warnings = new ArrayList<>();
    for (Unknown key : unknown) {
      StringBuilder message = new StringBuilder("unknown configuration key ");
      key.appendTo(message);
      message.append(" It is ignored (").append(BenchConfig.UNKNOWN_KEYS).append("=warn).");
      warnings.add(new Warning("unknown key: ".concat(key.key()), message.toString()));
    }
    return warnings;
  }
}
