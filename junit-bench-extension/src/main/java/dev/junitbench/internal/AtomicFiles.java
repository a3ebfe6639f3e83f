package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.apiguardian.api.API;

/**
 * Writes a file so that readers see the old content or the new, never half of it.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class AtomicFiles {

  /** What fills the temporary file; {@code previous} is the file's old content, or null. */
  public interface Content {
    void write(OutputStream out, Path previous) throws IOException;
  }

  /** Rows appended to a text file, written to {@code out}. */
  public interface Rows {
    void write(Writer out) throws IOException;
  }

  private AtomicFiles() {}

  /**
   * Appends {@code rows} to the ASCII file {@code target} as {@link #write} does: the old rows
   * copied into a new file, which starts with {@code header} when there was none, then replaces the
   * old one.
   */
  public static void appendRows(Path target, String header, Rows rows) throws IOException {
    write(
        target,
        (out, previous) -> {
          if (previous == null) {
            out.write((header + "\n").getBytes(StandardCharsets.US_ASCII));
          } else {
            Files.copy(previous, out);
          }
          BufferedWriter writer =
              new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
          rows.write(writer);
          writer.flush();
        });
  }

  /**
   * Writes {@code target} through {@code content} into a temporary file beside it, then renames it
   * into place.
   */
  public static void write(Path target, Content content) throws IOException {
    // createFile, not createTempFile: the result must get the usual permissions, not owner-only.
    Path temp =
        target.resolveSibling(
            "." + target.getFileName() + "." + Long.toHexString(System.nanoTime()) + ".tmp");
    Files.createFile(temp);
    try {
      try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.TRUNCATE_EXISTING)) {
        content.write(out, Files.exists(target) ? target : null);
      }
      try {
        Files.move(
            temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
  }
}
