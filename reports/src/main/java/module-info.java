/**
 * junit-bench-reports: the HTML report, compare, JMH export, run sets and the history store, as
 * result formats a run loads through {@code ServiceLoader} and as the {@code -cli.jar} command
 * line. It exports its result formats' package ({@code dev.junitbench.reports}: the bad-input
 * error) and nothing of its machinery; it is open, as Mustache, picocli and Jackson read its
 * classes and templates by reflection. Its exported types carry {@code @API} (apiguardian), as the
 * extension's do. picocli and the JDBC drivers are optional: the command line and the history store
 * need them, the report formats do not. Chart.js comes from the {@code org.webjars.npm:chart.js}
 * jar, no named module: on the module path add it with {@code --add-modules chart.js}, or keep it
 * on the class path (as Maven does).
 */
open module dev.junitbench.reports {
  requires dev.junitbench;
  requires static transitive org.apiguardian.api;
  requires com.fasterxml.jackson.databind;
  requires org.apache.commons.csv;
  requires com.github.mustachejava;
  requires java.sql;
  requires static info.picocli;
  requires static duckdb.jdbc;
  requires static org.postgresql.jdbc;

  exports dev.junitbench.reports;

  provides dev.junitbench.spi.ResultFormat with
      dev.junitbench.reports.html.HtmlReportFormat,
      dev.junitbench.reports.jmh.JmhResultFormat,
      dev.junitbench.reports.history.HistoryImportFormat;
}
