package dev.junitbench.reports.html;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Properties;

/** What every page inlines: Chart.js, the styles; and the nonce its content security policy names. */
final class PageAssets {

  /** The styles of every page. */
  static final String STYLE = resource("dev/junitbench/reports/html/report.css");
  /** Chart.js from its WebJar, without its source-map comment (nothing is fetched when a page is opened). */
  static final String CHART_JS = chartJs();

  private PageAssets() {}

  /** A fresh nonce: only the page's own scripts and styles carry it. */
  static String nonce() {
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /** A text resource of junit-bench-reports' jar. */
  static String resource(String name) {
    try (InputStream in = PageAssets.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from junit-bench-reports' jar; the jar is damaged");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String chartJs() {
    Properties properties = new Properties();
    try (InputStream in = PageAssets.class.getResourceAsStream("/dev/junitbench/reports/reports.properties")) {
      properties.load(in);
    } catch (IOException | NullPointerException e) {
      throw new IllegalStateException("junit-bench-reports' reports.properties is missing; the jar is damaged", e);
    }
    String source = resource(properties.getProperty("chartjs.resource"));
    if (source.contains("</script")) {
      throw new IllegalStateException("Chart.js " + properties.getProperty("chartjs.version")
          + " contains </script and cannot be inlined");
    }
    return source.replaceAll("//# sourceMappingURL=\\S+\\s*$", "");
  }
}
