package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import org.apiguardian.api.API;

/**
 * One row of the table of configuration keys the user guide shows: the key, what it does and its
 * default, both written in AsciiDoc.
 *
 * @param key the full key, {@code junit.bench....}
 * @param effect what setting it does, in AsciiDoc
 * @param shownDefault the default as the guide shows it, in AsciiDoc; empty when there is none to
 *     show
 */
@API(status = INTERNAL, since = "0.1")
public record ConfigurationKey(String key, String effect, String shownDefault) {

  /** A value as the guide shows it: monospace, passed through as written. */
  public static String literal(Object value) {
    return "`+" + value + "+`";
  }
}
