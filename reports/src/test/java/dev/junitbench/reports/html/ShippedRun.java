package dev.junitbench.reports.html;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The committed run of the shipped suite (src/test/resources/shipped-run): 120 scenarios, 57 not
 * run, as a default run wrote them.
 */
final class ShippedRun {

  private ShippedRun() {}

  /** The run folder. */
  static Path folder() {
    try {
      Path root = Path.of(ShippedRun.class.getResource("/shipped-run").toURI());
      try (Stream<Path> runs = Files.list(root)) {
        return runs.filter(p -> p.getFileName().toString().startsWith("run-"))
            .findFirst()
            .orElseThrow(() -> new IllegalStateException("no run folder in " + root));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * A copy of the shipped run under {@code parent} named {@code name}, the first measured scenario
   * of {@code benchmark} (its method) with {@code batchSize} slower by {@code factor}: its samples
   * and its latency figures scaled.
   */
  static Path slowed(Path parent, String name, String benchmark, int batchSize, double factor)
      throws IOException {
    Path from = folder();
    Path to = Files.createDirectories(parent.resolve(name));
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode results = (ObjectNode) mapper.readTree(from.resolve("results.json").toFile());
    long id = -1;
    for (JsonNode result : results.get("results")) {
      if (id < 0
          && result.get("benchmark").asText().endsWith("#" + benchmark)
          && result.get("params").path("batch_size").asInt() == batchSize
          && result.hasNonNull("latency_ms")) {
        id = result.get("id").asLong();
        ObjectNode latency = (ObjectNode) result.get("latency_ms");
        latency
            .properties()
            .forEach(
                field -> {
                  if (field.getValue().isFloatingPointNumber() && !field.getKey().equals("count")) {
                    latency.put(field.getKey(), field.getValue().asDouble() * factor);
                  }
                });
      }
    }
    if (id < 0) {
      throw new IllegalArgumentException("no measured " + benchmark + " at batch " + batchSize);
    }
    mapper.writeValue(to.resolve("results.json").toFile(), results);
    String prefix = id + ",";
    List<String> samples = new ArrayList<>();
    for (String line : Files.readAllLines(from.resolve("samples.csv"))) {
      if (line.startsWith(prefix)) {
        String[] cells = line.split(",", -1);
        cells[2] = String.valueOf(Math.round(Long.parseLong(cells[2]) * factor));
        line = String.join(",", cells);
      }
      samples.add(line);
    }
    Files.write(to.resolve("samples.csv"), samples);
    return to;
  }
}
