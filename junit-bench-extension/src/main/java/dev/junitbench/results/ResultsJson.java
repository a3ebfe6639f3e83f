package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.apiguardian.api.API;

/**
 * The JSON form of the result model, as results.json holds it: the file's name and the mapper that
 * reads and writes it (snake_case, nulls kept). The run's writer rewrites the file whole each time.
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class ResultsJson {

  /** File name inside a run folder. */
  public static final String FILE = "results.json";

  /** The mapper that defines the JSON form of the result model; others get copies. */
  static final ObjectMapper MAPPER =
      new ObjectMapper()
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);

  private ResultsJson() {}

  /**
   * A mapper that reads and writes the result model as results.json does (snake_case, nulls kept):
   * a copy of its own, so what a caller configures on it changes nothing else.
   */
  public static ObjectMapper mapper() {
    return MAPPER.copy();
  }
}
