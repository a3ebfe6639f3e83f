package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;
import org.apiguardian.api.API;

/** How a scenario ended, as JUnit reported it. */
@API(status = EXPERIMENTAL, since = "0.1")
public enum Status {
  /** Measured; statistics present. */
  PASSED,
  /** The benchmark or its set-up threw, or its configuration is invalid; {@code error} says why. */
  FAILED,
  /** Could not run here (device not available, assumption failed); {@code error} says why. */
  ABORTED,
  /** Not run (disabled, dry run). */
  SKIPPED;

  /** The name in result files: {@code passed}. */
  @JsonValue
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
