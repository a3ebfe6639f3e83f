package dev.junitbench.keys;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.RunFolder;
import dev.junitbench.spi.ResultFormat;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The check of a run's configuration keys")
class KeyCheckTests {

  /** No junit-platform.properties and no probes: every key is explicit. */
  private static final ClassLoader EMPTY = new URLClassLoader(new URL[0], null);

  /** A result format that writes nothing and declares {@code keys}, or throws when asked. */
  private record Format(String name, Set<String> keys) implements ResultFormat {
    @Override
    public Set<String> configurationKeys() {
      if (keys == null) {
        throw new IllegalStateException("not yet");
      }
      return keys;
    }

    @Override
    public List<Path> runFinished(RunFolder run) {
      return List.of();
    }
  }

  private static KeyCheck check(Map<String, String> parameters, KnownKeys known) {
    return KeyCheck.of(
        parameters.keySet(),
        key -> Optional.ofNullable(parameters.get(key)),
        known,
        new KeySources(EMPTY));
  }

  private static Map<String, String> parameters(String... keysAndValues) {
    Map<String, String> parameters = new LinkedHashMap<>();
    for (int i = 0; i < keysAndValues.length; i += 2) {
      parameters.put(keysAndValues[i], keysAndValues[i + 1]);
    }
    return parameters;
  }

  @Test
  @DisplayName(
      "known keys, junit.bench.user.* and keys of other tools pass; each junit.bench.* key is recorded")
  void clean() {
    KeyCheck check =
        check(
            parameters(
                "junit.bench.baseline",
                "runs/a",
                "junit.bench.user.model",
                "mini",
                "junit.jupiter.execution.parallel.enabled",
                "true",
                "java.version",
                "17"),
            KnownKeys.builtIn());
    assertThat(check.unknown()).isEmpty();
    assertThat(check.error(false)).isEmpty();
    assertThat(check.warnings()).isEmpty();
    assertThat(check.values())
        .containsExactly(
            Map.entry("junit.bench.baseline", "runs/a"),
            Map.entry("junit.bench.user.model", "mini"));
    assertThat(check.sources())
        .containsExactly(
            Map.entry("junit.bench.baseline", "explicit"),
            Map.entry("junit.bench.user.model", "explicit"));
  }

  @Test
  @DisplayName(
      "every unknown key is one line of one error: key, source, suggestion; then the fix and the ways out")
  void error() {
    KeyCheck check =
        check(
            parameters(
                "junit.bench.measurment.iterations",
                "5",
                "junit.bench.basline",
                "runs/a",
                "junit.bench.forks",
                "1"),
            KnownKeys.builtIn());
    assertThat(check.unknown())
        .extracting(KeyCheck.Unknown::key)
        .containsExactly("junit.bench.basline", "junit.bench.measurment.iterations");
    assertThat(check.error(false))
        .hasValue(
            """
        2 unknown configuration keys, so nothing is measured:
          - junit.bench.basline (explicit configuration parameter): did you mean junit.bench.baseline?
          - junit.bench.measurment.iterations (explicit configuration parameter): did you mean \
        junit.bench.measurement.iterations?
        To fix: %s.
        Keys your own benchmark code reads belong under junit.bench.user., which is never checked; \
        junit.bench.unknown-keys=warn runs anyway, warning about each unknown key."""
                .formatted(KeySource.EXPLICIT.fix()));
    // Recorded as written, so results.json shows what was really given.
    assertThat(check.values()).containsEntry("junit.bench.basline", "runs/a");
  }

  @Test
  @DisplayName("in warn mode there is no error, and one warning per unknown key")
  void warn() {
    KeyCheck check =
        check(
            parameters("junit.bench.basline", "runs/a", "junit.bench.fork", "2"),
            KnownKeys.builtIn());
    assertThat(check.error(true)).isEmpty();
    assertThat(check.warnings())
        .extracting(KeyCheck.Warning::message)
        .containsExactly(
            "unknown configuration key junit.bench.basline (explicit configuration parameter): did you mean"
                + " junit.bench.baseline? It is ignored (junit.bench.unknown-keys=warn).",
            "unknown configuration key junit.bench.fork (explicit configuration parameter): did you mean"
                + " junit.bench.forks? It is ignored (junit.bench.unknown-keys=warn).");
  }

  @Test
  @DisplayName("a format's switch is known only for the formats found; a typo names those found")
  void formats() {
    KnownKeys known =
        KnownKeys.builtIn()
            .format("html", new Format("html", Set.of()))
            .format("jmh", new Format("jmh", Set.of()));
    assertThat(check(parameters("junit.bench.format.jmh", "true"), known).unknown()).isEmpty();
    KeyCheck typo = check(parameters("junit.bench.format.htm", "false"), known);
    assertThat(typo.unknown())
        .singleElement()
        .extracting(KeyCheck.Unknown::advice)
        .isEqualTo(
            "no result format named htm is on the class path (found: html, jmh; html, jmh and history come with"
                + " junit-bench-reports); did you mean junit.bench.format.html?");
  }

  @Test
  @DisplayName(
      "keys a format declares are known; one outside junit.bench. is an error naming its class")
  void declared() {
    KnownKeys known =
        KnownKeys.builtIn()
            .format(
                "report",
                new Format(
                    "report", Set.of("junit.bench.report.title", "junit.bench.report.theme")));
    KeyCheck check =
        check(
            parameters("junit.bench.report.title", "Nightly", "junit.bench.report.theme", "dark"),
            known);
    assertThat(check.unknown()).isEmpty();
    assertThat(check.error(false)).isEmpty();

    String type = Format.class.getName();
    KnownKeys wrong =
        KnownKeys.builtIn()
            .format("loose", new Format("loose", Set.of("loose.title", "junit.bench.loose.title")))
            .format("throwing", new Format("throwing", null));
    // Even in warn mode: the declaration is a bug in the format, not a key a user set.
    assertThat(check(parameters(), wrong).error(true))
        .hasValue(
            "configuration keys declared wrongly, so nothing is"
                + " measured:\n  - the result format "
                + type
                + " declares the configuration key \"loose.title\": return full"
                + " keys that start with junit.bench. from configurationKeys(), such as junit.bench.open-files.limit\n  - the"
                + " result format "
                + type
                + " cannot say its configuration keys (java.lang.IllegalStateException: not yet):"
                + " return a constant set from configurationKeys()");
    assertThat(wrong.knows("junit.bench.loose.title")).isTrue();
  }

  @Test
  @DisplayName("a value whose key names a password, secret, token or credential is not recorded")
  void secrets() {
    KeyCheck check =
        check(
            parameters(
                "junit.bench.user.hf-token",
                "hf_abc",
                "junit.bench.user.db.password",
                "pw",
                "junit.bench.user.max-tokens",
                "32",
                "junit.bench.user.api_secret",
                "s"),
            KnownKeys.builtIn());
    assertThat(check.values())
        .containsEntry("junit.bench.user.hf-token", "***")
        .containsEntry("junit.bench.user.db.password", "***")
        .containsEntry("junit.bench.user.api_secret", "***")
        .containsEntry("junit.bench.user.max-tokens", "32");
  }

  @Test
  @DisplayName("junit-bench's own fork key is known but never suggested")
  void forkChild() {
    KnownKeys known = KnownKeys.builtIn();
    assertThat(known.knows("junit.bench.fork.child")).isTrue();
    assertThat(known.offered()).doesNotContain("junit.bench.fork.child");
    assertThat(check(parameters("junit.bench.fork.chlid", "1/1/0"), known).unknown())
        .singleElement()
        .extracting(KeyCheck.Unknown::advice)
        .asString()
        .doesNotContain("fork.child");
    assertThat(List.of(known.knows("junit.bench.user."), known.knows("junit.bench.users.x")))
        .containsExactly(true, false);
  }
}
