package dev.junitbench.reports.history;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Reads series out of a store: one query, the same text on every engine, every value from the
 * command line a bind parameter.
 *
 * @param benchmark a glob over {@code fqcn#method} or {@code SimpleClass#method} ({@code *} any
 *     text, {@code ?} one character); text without a wildcard matches anywhere in the name; null
 *     for every benchmark
 * @param params params a scenario must have ({@code batch_size -> 8}), compared as text; empty for
 *     any
 * @param host a host label, or null for every host
 */
public record SeriesQuery(String benchmark, Map<String, String> params, String host) {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final TypeReference<TreeMap<String, String>> PARAMS = new TypeReference<>() {};

  /**
   * The series of every scenario and host that matches, each oldest first; only runs with a median.
   */
  public List<Series> read(HistoryStore store) throws StoreException {
    StringBuilder sql =
        new StringBuilder(
            "SELECT r.benchmark, r.params, r.host, u.run_id, u.started_at, u.git_commit,"
                + " r.median_ms, r.p99_ms, r.throughput, r.throughput_unit FROM results r JOIN runs u"
                + " ON u.host = r.host AND u.run_id = r.run_id WHERE r.median_ms IS NOT NULL");
    List<String> binds = new ArrayList<>();
    if (benchmark != null && !benchmark.isBlank()) {
      // Against the whole name, or from a class's simple name on: LoadBenchmarks#* as well as
      // *.LoadBenchmarks#*.
      sql.append(" AND (r.benchmark LIKE ? ESCAPE '!' OR r.benchmark LIKE ? ESCAPE '!')");
      binds.add(like(benchmark));
      binds.add("%." + like(benchmark));
    }
    if (host != null) {
      sql.append(" AND r.host = ?");
      binds.add(host);
    }
    sql.append(" ORDER BY r.benchmark, r.params, r.host, u.started_ms, u.run_id");
    List<Series> all = new ArrayList<>();
    try (PreparedStatement query = store.connection().prepareStatement(sql.toString())) {
      for (int i = 0; i < binds.size(); i++) {
        query.setString(i + 1, binds.get(i));
      }
      query.setFetchSize(10_000);
      try (ResultSet rows = query.executeQuery()) {
        String lastBenchmark = null;
        String lastParams = null;
        String lastHost = null;
        List<Series.Point> points = null;
        boolean wanted = false;
        while (rows.next()) {
          String benchmarkName = rows.getString(1);
          String paramsText = rows.getString(2);
          String hostLabel = rows.getString(3);
          if (!benchmarkName.equals(lastBenchmark)
              || !paramsText.equals(lastParams)
              || !hostLabel.equals(lastHost)) {
            Map<String, String> scenarioParams = parse(paramsText);
            wanted = scenarioParams.entrySet().containsAll(params.entrySet());
            points = new ArrayList<>();
            if (wanted) {
              all.add(new Series(benchmarkName, scenarioParams, hostLabel, points));
            }
            lastBenchmark = benchmarkName;
            lastParams = paramsText;
            lastHost = hostLabel;
          }
          if (wanted) {
            points.add(
                new Series.Point(
                    rows.getString(4),
                    rows.getString(5),
                    rows.getString(6),
                    rows.getDouble(7),
                    rows.getObject(8) == null ? null : rows.getDouble(8),
                    rows.getObject(9) == null ? null : rows.getDouble(9),
                    rows.getString(10)));
          }
        }
      }
    } catch (SQLException e) {
      throw store.failure("cannot read", e);
    }
    return all;
  }

  /** A glob as a LIKE pattern with {@code !} as its escape; no wildcard: anywhere in the name. */
  static String like(String glob) {
    StringBuilder pattern = new StringBuilder();
    boolean wildcard = false;
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> {
          pattern.append('%');
          wildcard = true;
        }
        case '?' -> {
          pattern.append('_');
          wildcard = true;
        }
        case '%', '_', '!' -> pattern.append('!').append(c);
        default -> pattern.append(c);
      }
    }
    return wildcard ? pattern.toString() : "%" + pattern + "%";
  }

  private static Map<String, String> parse(String text) throws SQLException {
    try {
      return Collections.unmodifiableMap(JSON.readValue(text, PARAMS));
    } catch (IOException e) {
      throw new SQLException("a stored params value is not a JSON object of text: " + text, e);
    }
  }

  /**
   * The pattern as junit-bench names the method of {@code pattern} when it names it as JMH and Java
   * do, a dot before it ({@code ParserBenchmark.parse}, {@code *.parse*}): {@code
   * ParserBenchmark#parse}; empty for any other pattern, such as a package ({@code com.example}).
   */
  public static Optional<String> methodHint(String pattern) {
    if (pattern == null || pattern.indexOf('#') >= 0) {
      return Optional.empty();
    }
    int dot = pattern.lastIndexOf('.');
    if (dot <= 0 || dot == pattern.length() - 1) {
      return Optional.empty();
    }
    String before = pattern.substring(pattern.lastIndexOf('.', dot - 1) + 1, dot);
    char method = pattern.charAt(dot + 1);
    char type = before.isEmpty() ? ' ' : before.charAt(0);
    boolean looksLikeMethod = Character.isLowerCase(method) || method == '*' || method == '?';
    boolean looksLikeClass = Character.isUpperCase(type) || type == '*' || type == '?';
    return looksLikeMethod && looksLikeClass
        ? Optional.of(pattern.substring(0, dot) + "#" + pattern.substring(dot + 1))
        : Optional.empty();
  }
}
