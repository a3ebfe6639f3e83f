package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
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
   * Appends {@code rows} to the ASCII file {@code target} in place, after {@code header} when the
   * file is new: the cost is the rows', not the file's. A failure (a full disk) cuts the file back
   * to its old length, so it holds the old rows alone, as before the call (a file the call created
   * is removed). A process killed while it appends leaves the old rows whole and, after them, rows
   * of the new batch, the last perhaps cut short: readers pass over a last row without its line
   * end, and a result's rows count only once the result is listed elsewhere (results.json), which
   * is written after its rows.
   */
  public static void appendRows(Path target, String header, Rows rows) throws IOException {
    try (FileChannel channel =
        FileChannel.open(target, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      long length = channel.size();
      channel.position(length);
      try {
        OutputStream out = Channels.newOutputStream(channel);
        BufferedWriter writer =
            new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.US_ASCII), 1 << 16);
        if (length == 0) {
          writer.write(header);
          writer.write('\n');
        }
        rows.write(writer);
        writer.flush();
      } catch (Throwable e) {
        // Any failure, an Error included: a partial row left here would join the next append's.
        try {
          channel.truncate(length);
        } catch (IOException cut) {
          e.addSuppressed(cut);
        }
        if (length == 0) {
          // A file this append created: gone, as before it.
          try {
            Files.deleteIfExists(target);
          } catch (IOException delete) {
            e.addSuppressed(delete);
          }
        }
        throw e;
      }
    }
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
