package dev.junitbench.keys;

import dev.junitbench.config.BenchConfig;
import dev.junitbench.spi.Probe;
import dev.junitbench.warnings.Causes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * The table of keys a run knows: junit-bench's own ({@link BenchConfig#keys()}), the switch
 * {@code junit.bench.format.<name>} of each result format found, and the keys result formats and
 * probes declare ({@code configurationKeys()}). A declared key outside {@code junit.bench.} is a
 * problem of the class that declares it, reported with its name.
 */
public final class KnownKeys {

  /** Known key, and who reads it. */
  private final Map<String, String> keys = new LinkedHashMap<>();
  private final List<String> formatNames = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();

  private KnownKeys() {}

  /** junit-bench's own keys. */
  public static KnownKeys builtIn() {
    KnownKeys known = new KnownKeys();
    BenchConfig.keys().forEach(key -> known.keys.put(key, "junit-bench"));
    return known;
  }

  /** Adds the result format {@code name} ({@code type}): its switch and the keys {@code declared} gives. */
  public KnownKeys format(String name, String type, Callable<Set<String>> declared) {
    formatNames.add(name);
    keys.putIfAbsent(BenchConfig.FORMAT_PREFIX + name, "the result format " + name);
    return declared("the result format " + type, declared);
  }

  /**
   * Adds the keys of every probe {@code loader} finds. A probe that cannot be created is left out
   * here (the scenarios report it); that it could not say its keys is noted for the error message.
   */
  public KnownKeys probes(ClassLoader loader) {
    try {
      for (ServiceLoader.Provider<Probe> provider : ServiceLoader.load(Probe.class, loader).stream().toList()) {
        Probe probe;
        try {
          probe = provider.get();
        } catch (ServiceConfigurationError | RuntimeException | LinkageError e) {
          notes.add("the probe " + provider.type().getName() + " could not be created to ask for its keys ("
              + Causes.describe(e) + ")");
          continue;
        }
        declared("the probe " + provider.type().getName(), probe::configurationKeys);
      }
    } catch (ServiceConfigurationError e) {
      notes.add("the probes listed in META-INF/services/" + Probe.class.getName()
          + " could not all be found to ask for their keys (" + Causes.describe(e) + ")");
    }
    return this;
  }

  /** Adds the keys {@code declarer} declares, refusing those outside {@code junit.bench.}. */
  KnownKeys declared(String declarer, Callable<Set<String>> declared) {
    Collection<String> given;
    try {
      given = declared.call();
    } catch (Exception | LinkageError e) {
      problems.add(declarer + " cannot say its configuration keys (" + Causes.describe(e)
          + "): return a constant set from configurationKeys()");
      return this;
    }
    for (String key : given == null ? Set.<String>of() : new LinkedHashSet<>(given)) {
      if (key == null || !key.startsWith(BenchConfig.PREFIX) || key.length() == BenchConfig.PREFIX.length()
          || !key.strip().equals(key)) {
        problems.add(declarer + " declares the configuration key " + (key == null ? "null" : "\"" + key + "\"")
            + ": return full keys that start with " + BenchConfig.PREFIX + " from configurationKeys(), such as "
            + BenchConfig.PREFIX + "open-files.limit");
      } else {
        keys.putIfAbsent(key, declarer);
      }
    }
    return this;
  }

  /** Whether {@code key} is known or in the user's reserved {@code junit.bench.user.*}. */
  public boolean knows(String key) {
    return keys.containsKey(key) || key.startsWith(BenchConfig.USER_PREFIX);
  }

  /** The keys a user may be offered in a "did you mean": all but the one junit-bench sets for its forks. */
  List<String> offered() {
    return keys.keySet().stream().filter(key -> !key.equals(BenchConfig.FORK_CHILD)).toList();
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
