package dev.junitbench.maven;

import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.logging.SystemStreamLog;

/** A build log that keeps what a goal logged at info and warn, for the tests to read. */
final class RecordingLog extends SystemStreamLog {

  final List<String> info = new ArrayList<>();
  final List<String> warnings = new ArrayList<>();

  @Override
  public void info(CharSequence content) {
    info.add(content.toString());
  }

  @Override
  public void warn(CharSequence content) {
    warnings.add(content.toString());
  }
}
