package dev.junitbench.output;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes results.csv: one row per result, the figures of results.json flattened ({@code
 * latency_ms_median}), one {@code param_<name>} column per parameter name seen in the run, one
 * {@code probes_<probe>_<figure>} column per figure of a user's probe seen in the run. The columns
 * follow the result model, so a group that is null in a row leaves its cells empty.
 */
public final class ResultsCsv {

  /** File name inside a run folder. */
  public static final String FILE = "results.csv";

  private static final PropertyNamingStrategies.SnakeCaseStrategy SNAKE =
      new PropertyNamingStrategies.SnakeCaseStrategy();

  private static final String PROBES = "/probes";
  private static final ObjectMapper JSON = ResultsJson.mapper();

  private ResultsCsv() {}

  /** Replaces {@code runDir/results.csv} with rows for {@code results}, atomically. */
  public static void write(Path runDir, List<ScenarioResult> results) throws IOException {
    Set<String> paramNames = new LinkedHashSet<>();
    results.forEach(result -> paramNames.addAll(result.params().keySet()));
    Map<String, Set<String>> probeFigures = new LinkedHashMap<>();
    results.forEach(
        result ->
            result
                .probes()
                .forEach(
                    (name, figures) ->
                        probeFigures
                            .computeIfAbsent(name, n -> new LinkedHashSet<>())
                            .addAll(figures.keySet())));
    List<String> paths = new ArrayList<>();
    columns(ScenarioResult.class, "", paths);
    List<String> header = new ArrayList<>();
    for (String path : paths) {
      if (path.equals("/params")) {
        paramNames.forEach(name -> header.add("param_" + name));
      } else if (path.equals(PROBES)) {
        probeFigures.forEach(
            (name, figures) ->
                figures.forEach(figure -> header.add("probes_" + name + "_" + figure)));
      } else {
        header.add(path.substring(1).replace('/', '_'));
      }
    }
    AtomicFiles.write(
        runDir.resolve(FILE),
        (out, previous) -> {
          Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          try (CSVPrinter csv =
              new CSVPrinter(
                  writer,
                  CSVFormat.RFC4180.builder().setHeader(header.toArray(String[]::new)).get())) {
            for (ScenarioResult result : results) {
              JsonNode node = JSON.valueToTree(result);
              List<String> row = new ArrayList<>();
              for (String path : paths) {
                if (path.equals("/params")) {
                  paramNames.forEach(name -> row.add(text(node.path("params").get(name))));
                } else if (path.equals(PROBES)) {
                  probeFigures.forEach(
                      (name, figures) ->
                          figures.forEach(
                              figure -> row.add(text(node.path("probes").path(name).get(figure)))));
                } else {
                  row.add(text(node.at(path)));
                }
              }
              csv.printRecord(row);
            }
          }
        });
  }

  private static String text(JsonNode node) {
    if (node == null || node.isNull() || node.isMissingNode()) {
      return "";
    }
    if (node.isObject()) {
      // A map inside a group (model options): key=value pairs in one cell, as written in the
      // annotation.
      List<String> pairs = new ArrayList<>();
      node.fields()
          .forEachRemaining(field -> pairs.add(field.getKey() + "=" + field.getValue().asText()));
      return inert(String.join(";", pairs));
    }
    if (node.isArray()) {
      List<String> items = new ArrayList<>();
      node.forEach(item -> items.add(item.asText()));
      return inert(String.join("; ", items));
    }
    return node.isTextual() ? inert(node.asText()) : node.asText();
  }

  /**
   * Text a spreadsheet would run as a formula ({@code =HYPERLINK(...)}, {@code +cmd|...},
   * {@code @SUM}) gets a leading apostrophe, as OWASP advises; numbers, negative ones included,
   * stay as they are.
   */
  public static String inert(String text) {
    if (text.isEmpty() || "=+-@\t\r".indexOf(text.charAt(0)) < 0 || isNumber(text)) {
      return text;
    }
    return "'" + text;
  }

  private static boolean isNumber(String text) {
    try {
      Double.parseDouble(text);
      return !text.endsWith("d")
          && !text.endsWith("D")
          && !text.endsWith("f")
          && !text.endsWith("F")
          && !text.contains("N")
          && !text.contains("I");
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** JSON pointers of every leaf of {@code type}; a map is one entry, expanded per key later. */
  private static void columns(Class<?> type, String prefix, List<String> paths) {
    for (RecordComponent component : type.getRecordComponents()) {
      if (component.getAccessor().isAnnotationPresent(JsonIgnore.class)
          || component.isAnnotationPresent(JsonIgnore.class)) {
        continue;
      }
      String path = prefix + "/" + SNAKE.translate(component.getName());
      if (listOfRecords(component)) {
        continue; // each fork's summary: one row per result has no room for them; results.json
        // holds them
      }
      if (component.getType().isRecord()) {
        columns(component.getType(), path, paths);
      } else if (Map.class.isAssignableFrom(component.getType())
          || List.class.isAssignableFrom(component.getType())
          || isLeaf(component.getType())) {
        paths.add(path);
      }
    }
  }

  private static boolean listOfRecords(RecordComponent component) {
    return List.class.isAssignableFrom(component.getType())
        && component.getGenericType() instanceof ParameterizedType list
        && list.getActualTypeArguments()[0] instanceof Class<?> element
        && element.isRecord();
  }

  private static boolean isLeaf(Class<?> type) {
    return type.isPrimitive()
        || Number.class.isAssignableFrom(type)
        || type == String.class
        || type == Boolean.class
        || type.isEnum();
  }
}
