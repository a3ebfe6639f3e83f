package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * The raw latencies of a run's results, read from samples.csv: one {@code long[]} of nanoseconds
 * per result, parsed byte by byte without an object per row, so a million samples cost 8 MB and a
 * fraction of a second. Columns are found by name, so files with columns added later still read.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class Samples {

  /** File name inside a run folder. */
  public static final String FILE = "samples.csv";

  private final Map<Integer, long[]> byResult;

  private Samples(Map<Integer, long[]> byResult) {
    this.byResult = byResult;
  }

  /**
   * The samples {@code results} hold in memory ({@link ScenarioResult#samplesNs()}), by result id:
   * a JMH file's sampled operations, which it holds in its own file instead of samples.csv.
   */
  static Samples held(List<ScenarioResult> results) {
    Map<Integer, long[]> byResult = new HashMap<>();
    for (ScenarioResult result : results) {
      if (result.samplesNs() != null && result.id() != null) {
        byResult.put(result.id(), result.samplesNs());
      }
    }
    return new Samples(byResult);
  }

  /**
   * The latencies (ns) of result {@code resultId} in measurement order, or null when it has none.
   */
  public long[] of(int resultId) {
    return byResult.get(resultId);
  }

  /**
   * Reads {@code file} for {@code results}: rows of results that are not listed (a run stopped
   * between writing samples.csv and results.json) are skipped.
   *
   * @throws ResultFileException naming the file, the line and the problem
   */
  static Samples read(Path file, List<ScenarioResult> results) throws ResultFileException {
    Map<Integer, long[]> arrays = new HashMap<>();
    Map<Integer, Integer> filled = new HashMap<>();
    long cutAt;
    // The result of the last whole row before a row cut short: the one the cut may have shortened.
    int cutAfter;
    try {
      long size = Files.size(file);
      if (size == 0) {
        throw new ResultFileException(file + " is empty; it is not a complete samples.csv");
      }
      long counted = 0;
      for (ScenarioResult result : results) {
        if (result.id() != null && result.latencyMs() != null) {
          counted += result.latencyMs().count();
        }
      }
      // Each row takes at least 6 bytes ("1,1,1\n"): a file too small for the counts is not
      // allocated for.
      if (counted * 6 > size) {
        throw new ResultFileException(
            file
                + " is too small for the "
                + counted
                + " samples results.json counts: the"
                + " two files are not of the same run, or samples.csv was cut short");
      }
      for (ScenarioResult result : results) {
        if (result.id() != null && result.latencyMs() != null) {
          arrays.put(result.id(), new long[(int) result.latencyMs().count()]);
          filled.put(result.id(), 0);
        }
      }
      try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
        Parser parser = new Parser(file, in, arrays, filled);
        cutAt = parser.parse();
        cutAfter = parser.lastId;
      }
    } catch (NoSuchFileException e) {
      throw new ResultFileException(file + " does not exist; this run kept no raw samples", e);
    } catch (ResultFileException e) {
      throw e;
    } catch (IOException e) {
      throw new ResultFileException(file + " cannot be read (" + e + ")", e);
    }
    for (Map.Entry<Integer, long[]> entry : arrays.entrySet()) {
      int got = filled.get(entry.getKey());
      if (got != entry.getValue().length && cutAt > 0 && entry.getKey() == cutAfter) {
        throw new ResultFileException(
            file + " line " + cutAt + ": the file ends in the middle of a row: it was cut short");
      }
      if (got != entry.getValue().length) {
        throw new ResultFileException(
            file
                + " holds "
                + got
                + " samples of result "
                + entry.getKey()
                + " but results.json counts "
                + entry.getValue().length
                + ": the two files are not of the same run;"
                + " use a run folder as junit-bench wrote it");
      }
    }
    return new Samples(arrays);
  }

  /** A hand-written reader of the three (or more) integer columns; nothing is allocated per row. */
  private static final class Parser {
    private final Path file;
    private final InputStream in;
    private final Map<Integer, long[]> arrays;
    private final Map<Integer, Integer> filled;
    private long line = 1;
    private long cut;
    private int lastId = Integer.MIN_VALUE;

    Parser(Path file, InputStream in, Map<Integer, long[]> arrays, Map<Integer, Integer> filled) {
      this.file = file;
      this.in = in;
      this.arrays = arrays;
      this.filled = filled;
    }

    /**
     * Reads every row; returns the line of a last row cut short (its line end missing), passed over
     * as one being appended when the run stopped, or 0.
     */
    long parse() throws IOException {
      String[] header = readHeader();
      int idColumn = indexOf(header, "result_id");
      int latencyColumn = indexOf(header, "latency_ns");
      int columns = header.length;
      long[] row = new long[columns];
      long[] target = null;
      int next = 0;
      rows:
      while (true) {
        line++;
        int first = in.read();
        if (first == -1) {
          break;
        }
        int c = first;
        for (int column = 0; column < columns; column++) {
          boolean negative = c == '-';
          if (negative) {
            c = in.read();
          }
          long value = 0;
          int digits = 0;
          while (c >= '0' && c <= '9') {
            if (value > (Long.MAX_VALUE - 9) / 10) {
              throw problem("a number too large for a latency");
            }
            value = value * 10 + (c - '0');
            digits++;
            c = in.read();
          }
          if (digits == 0 && c == -1) {
            cut = line;
            break rows;
          }
          if (digits == 0) {
            throw problem("column " + header[column] + " is not a whole number");
          }
          row[column] = negative ? -value : value;
          boolean last = column == columns - 1;
          if (c == '\r' && last) {
            c = in.read();
          }
          int expected = last ? '\n' : ',';
          if (c == -1) {
            cut = line;
            break rows;
          }
          if (c != expected) {
            throw problem(
                last
                    ? "a row has more than " + columns + " columns"
                    : "a row has fewer than " + columns + " columns");
          }
          if (!last) {
            c = in.read();
          }
        }
        long id = row[idColumn];
        if (id != lastId) {
          if (target != null) {
            filled.put(lastId, next);
          }
          lastId = (int) id;
          target = id == (int) id ? arrays.get((int) id) : null;
          next = target == null ? 0 : filled.get((int) id);
        }
        if (target == null) {
          continue; // a result results.json does not list, or one that did not pass
        }
        long latency = row[latencyColumn];
        if (latency < 0) {
          throw problem(
              "a negative latency ("
                  + latency
                  + " ns) of result "
                  + id
                  + "; no measurement gives one:"
                  + " the file is damaged");
        }
        if (next == target.length) {
          throw problem(
              "result "
                  + id
                  + " has more samples than the "
                  + target.length
                  + " results.json counts:"
                  + " the two files are not of the same run");
        }
        target[next++] = latency;
      }
      if (target != null) {
        filled.put(lastId, next);
      }
      return cut;
    }

    private String[] readHeader() throws IOException {
      StringBuilder header = new StringBuilder();
      int c;
      while ((c = in.read()) != '\n') {
        if (c == -1) {
          throw new ResultFileException(
              file
                  + (header.length() == 0 ? " is empty" : " ends after its header line")
                  + "; it is not a complete samples.csv");
        }
        if (c != '\r') {
          header.append((char) c);
        }
      }
      return header.toString().split(",", -1);
    }

    private int indexOf(String[] header, String column) throws ResultFileException {
      for (int i = 0; i < header.length; i++) {
        if (header[i].trim().equals(column)) {
          return i;
        }
      }
      throw new ResultFileException(
          file
              + " has no column "
              + column
              + " (its header is \""
              + String.join(",", header)
              + "\"); it is not a junit-bench samples.csv");
    }

    private ResultFileException problem(String what) {
      return new ResultFileException(file + " line " + line + ": " + what);
    }
  }
}
