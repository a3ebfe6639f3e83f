package dev.junitbench.keys;

/**
 * Where a configuration parameter came from, as JUnit reads them: an explicit launcher parameter
 * wins over a system property, which wins over {@code junit-platform.properties}.
 *
 * @param kind the kind of source
 * @param file the junit-platform.properties file's URL, for {@link Kind#PROPERTIES_FILE} only
 */
public record KeySource(Kind kind, String file) {

  /** The kinds of source JUnit reads configuration parameters from. */
  public enum Kind {
    /**
     * {@code -Dkey=value}: the Maven or java command line, Surefire's systemPropertyVariables or
     * argLine.
     */
    SYSTEM_PROPERTY,
    /** The first {@code junit-platform.properties} on the test class path. */
    PROPERTIES_FILE,
    /**
     * Given to the launcher: Surefire's configurationParameters, the Console Launcher's --config.
     */
    EXPLICIT
  }

  static final KeySource SYSTEM_PROPERTY = new KeySource(Kind.SYSTEM_PROPERTY, null);
  static final KeySource EXPLICIT = new KeySource(Kind.EXPLICIT, null);

  /** The source as results.json's {@code run.config_sources} names it. */
  public String label() {
    return switch (kind) {
      case SYSTEM_PROPERTY -> "system property";
      case PROPERTIES_FILE -> "junit-platform.properties ".concat(file);
      case EXPLICIT -> "explicit";
    };
  }

  /** Appends the source, in an error message, to {@code text}: where to look for {@code key}. */
  void describe(String key, StringBuilder text) {
    switch (kind) {
      case SYSTEM_PROPERTY -> text.append("system property -D").append(key);
      case PROPERTIES_FILE -> text.append("in ").append(file);
      case EXPLICIT -> text.append("explicit configuration parameter");
    }
  }

  /** Where a key of this source is corrected. */
  String fix() {
    return switch (kind) {
      case SYSTEM_PROPERTY ->
          "correct a system property where its -D is given: the mvn or java command line,"
              + " Surefire's systemPropertyVariables or argLine, Gradle's systemProperty";
      case PROPERTIES_FILE ->
          "correct or remove the line in "
              + file
              + (file.contains("/target/test-classes/")
                  ? " (a copy: its source is src/test/resources/junit-platform.properties)"
                  : "");
      case EXPLICIT ->
          "correct an explicit parameter where the launcher is given it: Surefire's or Failsafe's"
              + " <configurationParameters>, the Console Launcher's --config or --config-resource, the IDE's run"
              + " configuration, or a LauncherDiscoveryRequest";
    };
  }
}
