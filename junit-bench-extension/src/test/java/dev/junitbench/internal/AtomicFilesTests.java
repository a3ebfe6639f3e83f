package dev.junitbench.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("AtomicFiles")
class AtomicFilesTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName("appends rows in place, the header first in a new file")
  void appends() throws IOException {
    Path file = tempDir.resolve("rows.csv");
    AtomicFiles.appendRows(file, "a,b", out -> out.write("1,2\n"));
    AtomicFiles.appendRows(file, "a,b", out -> out.write("3,4\n"));
    assertThat(Files.readString(file)).isEqualTo("a,b\n1,2\n3,4\n");
  }

  @Test
  @DisplayName("leaves no file when the append that would create it fails")
  void failedFirstAppend() {
    Path file = tempDir.resolve("rows.csv");
    assertThatThrownBy(
            () ->
                AtomicFiles.appendRows(
                    file,
                    "a,b",
                    out -> {
                      out.write("1,2\n");
                      out.flush();
                      throw new IOException("No space left on device");
                    }))
        .hasMessage("No space left on device");
    assertThat(file).doesNotExist();
  }

  @Test
  @DisplayName("cuts the file back to the rows before when an append fails part-way")
  void failedAppend() throws IOException {
    Path file = tempDir.resolve("rows.csv");
    AtomicFiles.appendRows(file, "a,b", out -> out.write("1,2\n"));
    String big = "5,6\n".repeat(50_000);
    assertThatThrownBy(
            () ->
                AtomicFiles.appendRows(
                    file,
                    "a,b",
                    out -> {
                      // More than the writer's buffer: part of it reaches the file first.
                      out.write(big);
                      out.flush();
                      throw new IOException("No space left on device");
                    }))
        .hasMessage("No space left on device");
    assertThat(Files.readString(file)).isEqualTo("a,b\n1,2\n");
    AtomicFiles.appendRows(file, "a,b", out -> out.write("3,4\n"));
    assertThat(Files.readString(file)).isEqualTo("a,b\n1,2\n3,4\n");
  }
}
