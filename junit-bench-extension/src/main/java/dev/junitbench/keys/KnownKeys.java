package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.spi.Probe;
import dev.junitbench.spi.ResultFormat;
import dev.junitbench.warnings.Causes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The table of keys a run knows: junit-bench's own ({@link BenchConfig#keys()}), the switch {@code
 * junit.bench.format.<name>} of each result format found, and the keys result formats and probes
 * declare ({@code configurationKeys()}). A declared key outside {@code junit.bench.} is a problem
 * of the class that declares it, reported with its name.
 */
public final class KnownKeys {

  private final Set<String> keys = new LinkedHashSet<>();
  private final List<String> formatNames = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private KnownKeys() {}

  /** junit-bench's own keys. */
  public static KnownKeys builtIn() {
    KnownKeys known = new KnownKeys();
    for (String key : BenchConfig.keys()) {
      known.keys.add(key);
    }
    return known;
  }

  /**
   * Adds the result format {@code format}, found as {@code name}: its switch and the keys it
   * declares.
   */
  public KnownKeys format(String name, ResultFormat format) {
    formatNames.add(name);
    keys.add(BenchConfig.FORMAT_PREFIX.concat(name));
    String declarer = "the result format ".concat(format.getClass().getName());
    try {
      declare(declarer, format.configurationKeys());
    } catch (RuntimeException | LinkageError e) {
      cannotSay(declarer, e);
    }
    return this;
  }

  /**
   * Adds the keys of every probe {@code loader} finds. A probe that cannot be created is left out
   * here (the scenarios report it); that it could not say its keys is noted for the error message.
   */
  public KnownKeys probes(ClassLoader loader) {
    try {
      for (ServiceLoader.Provider<Probe> provider :
          ServiceLoader.load(Probe.class, loader).stream().toList()) {
        Probe probe;
        try {
          probe = provider.get();
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
          notes.add(
              "the probe "
                  + provider.type().getName()
                  + " could not be created to ask for its keys ("
                  + Causes.describe(e)
                  + ")");
          continue;
        }
        String declarer = "the probe ".concat(provider.type().getName());
        try {
          declare(declarer, probe.configurationKeys());
        } catch (RuntimeException | LinkageError e) {
          cannotSay(declarer, e);
        }
      }
    } catch (ServiceConfigurationError e) {
      notes.add(
          "the probes listed in META-INF/services/"
              + Probe.class.getName()
              + " could not all be found to ask for their keys ("
              + Causes.describe(e)
              + ")");
    }
    return this;
  }

  private void cannotSay(String declarer, Throwable e) {
    problems.add(
        declarer
            + " cannot say its configuration keys ("
            + Causes.describe(e)
            + "): return a constant set from configurationKeys()");
  }

  /** Adds the keys {@code declarer} declares, refusing those outside {@code junit.bench.}. */
  private void declare(String declarer, Collection<String> given) {
    if (given == null) {
      return;
    }
    List<String> sorted = new ArrayList<>(given);
    sorted.sort(Comparator.nullsFirst(Comparator.<String>naturalOrder()));
    for (String key : sorted) {
      if (key == null
          || !key.startsWith(BenchConfig.PREFIX)
          || key.length() == BenchConfig.PREFIX.length()
          || !key.strip().equals(key)) {
        problems.add(
            declarer
                + " declares the configuration key "
                + (key == null ? "null" : "\"" + key + "\"")
                + ": return full keys that start with "
                + BenchConfig.PREFIX
                + " from configurationKeys(), such as "
                + BenchConfig.PREFIX
                + "open-files.limit");
      } else {
        keys.add(key);
      }
    }
  }

  /** Whether {@code key} is known or in the user's reserved {@code junit.bench.user.*}. */
  public boolean knows(String key) {
    return keys.contains(key) || key.startsWith(BenchConfig.USER_PREFIX);
  }

  /**
   * The keys a user may be offered in a "did you mean": all but the one junit-bench sets for its
   * forks.
   */
  List<String> offered() {
    List<String> offered = new ArrayList<>(keys);
    offered.remove(BenchConfig.FORK_CHILD);
    return offered;
  }

  /** The names of the result formats found. */
  List<String> formatNames() {
    return formatNames;
  }

  /** Declarations refused: each names its class and the fix. */
  List<String> problems() {
    return problems;
  }

  /** Probes that could not be asked for their keys. */
  List<String> notes() {
    return notes;
  }
}
