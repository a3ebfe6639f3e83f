package dev.junitbench.reports;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * JMH result files for tests: the real ones in {@code jmh/public} copied into a test's folder, and
 * copies of them with every score scaled, as a slower or faster build would write them.
 */
public final class JmhFiles {

  private static final String DIR = "/dev/junitbench/reports/jmh/public/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private JmhFiles() {}

  /** Copies {@code jmh/public/<name>} into {@code dir}, under its own name. */
  public static Path copy(Path dir, String name) {
    try (InputStream in = JmhFiles.class.getResourceAsStream(DIR + name)) {
      if (in == null) {
        throw new IllegalArgumentException("no JMH fixture " + name);
      }
      Files.createDirectories(dir);
      Path file = dir.resolve(name);
      Files.copy(in, file);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Writes {@code jmh/public/<fixture>} into {@code dir} as {@code name} with every number of each
   * benchmark's primary metric (score, error, confidence, percentiles, raw data) times {@code
   * factor}: its figures, per operation, {@code factor} times as large. Two factors make two files
   * of different content.
   */
  public static Path scaled(Path dir, String name, String fixture, double factor) {
    try (InputStream in = JmhFiles.class.getResourceAsStream(DIR + fixture)) {
      if (in == null) {
        throw new IllegalArgumentException("no JMH fixture " + fixture);
      }
      JsonNode tree = JSON.readTree(in);
      for (JsonNode entry : tree) {
        JsonNode metric = entry.get("primaryMetric");
        for (String field :
            List.of("score", "scoreError", "scoreConfidence", "scorePercentiles", "rawData")) {
          ((ObjectNode) metric).set(field, scale(metric.get(field), factor));
        }
      }
      Files.createDirectories(dir);
      Path file = dir.resolve(name);
      JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), tree);
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode scale(JsonNode node, double factor) {
    if (node.isNumber()) {
      return DoubleNode.valueOf(node.doubleValue() * factor);
    }
    if (node.isArray()) {
      ArrayNode copy = JSON.createArrayNode();
      node.forEach(element -> copy.add(scale(element, factor)));
      return copy;
    }
    if (node.isObject()) {
      ObjectNode copy = JSON.createObjectNode();
      for (Map.Entry<String, JsonNode> field : node.properties()) {
        copy.set(field.getKey(), scale(field.getValue(), factor));
      }
      return copy;
    }
    return node;
  }
}
