package dev.junitbench.reports.html;

import dev.junitbench.internal.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;
import java.util.function.Consumer;

/**
 * What every page inlines: Chart.js, the styles; and the nonce its content security policy names.
 */
final class PageAssets {

  /** The styles of every page. */
  static final String STYLE = resource("dev/junitbench/reports/html/report.css");

  /**
   * Chart.js from its WebJar, without its source-map comment (nothing is fetched when a page is
   * opened).
   */
  static final String CHART_JS = chartJs();

  /** What every page's charts share: Chart.js's defaults, the duration format. */
  static final String CHARTS = resource("dev/junitbench/reports/html/charts.js");

  private PageAssets() {}

  /** A fresh nonce: only the page's own scripts and styles carry it. */
  static String nonce() {
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * Writes what {@code page} renders to {@code file} atomically: a reader sees the old page or the
   * new, never half.
   */
  static void write(Path file, Consumer<Writer> page) throws IOException {
    AtomicFiles.write(
        file,
        (out, previous) -> {
          Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
          page.accept(writer);
          writer.flush();
        });
  }

  /** A text resource of junit-bench-reports' jar. */
  static String resource(String name) {
    try (InputStream in = PageAssets.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(
            name + " is missing from junit-bench-reports' jar; the jar is damaged");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String chartJs() {
    Properties properties = new Properties();
    try (InputStream in =
        PageAssets.class.getResourceAsStream("/dev/junitbench/reports/reports.properties")) {
      properties.load(in);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException(
          "junit-bench-reports' reports.properties is missing; the jar is damaged", e);
    }
    String source = resource(properties.getProperty("chartjs.resource"));
    if (source.contains("</script")) {
      throw new IllegalStateException(
          "Chart.js "
              + properties.getProperty("chartjs.version")
              + " contains </script and cannot be inlined");
    }
    return source.replaceAll("//# sourceMappingURL=\\S+\\s*$", "");
  }
}
