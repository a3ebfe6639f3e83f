package dev.junitbench.model;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The file that keeps model hashes on a machine, one line per file: its SHA-256, content size, the
 * size and modification time it had when hashed, and its key (absolute path, or jar and entry).
 * Written under a file lock and replaced atomically, so builds sharing the machine neither lose nor
 * tear each other's lines; a file that cannot be read or written is warned about once and done
 * without.
 */
final class HashCacheFile {

  /** Lines kept at most; the oldest go first. */
  static final int MAX_ENTRIES = 1000;

  /** The cause under which problems with the file are warned about, once per run. */
  static final String WARNING = "model-hash-cache";

  private static final String HEADER =
      "# junit-bench model SHA-256 cache: sha256, bytes, file size, file mtime (ns),"
          + " file (path, or jar!/entry); safe to delete";
  private static final Pattern SHA256 = Pattern.compile("[0-9a-f]{64}");
  // A FileLock belongs to the whole JVM: two threads of one JVM must queue here, not on the file.
  private static final Object JVM_LOCK = new Object();

  /**
   * One file's hash and the state of the file it was taken from.
   *
   * @param sha256 lowercase hex
   * @param bytes the content's size
   * @param fileSize the size of the file that holds it (the jar, for an entry)
   * @param fileModifiedNs that file's modification time, in nanoseconds since the epoch
   */
  record Entry(String sha256, long bytes, long fileSize, long fileModifiedNs) {}

  private final Path file;

  HashCacheFile(Path file) {
    this.file = file;
  }

  Path path() {
    return file;
  }

  /**
   * The entries in the file, oldest first; none when it is missing, unreadable lines dropped with a
   * warning.
   */
  LinkedHashMap<String, Entry> read() {
    LinkedHashMap<String, Entry> entries = new LinkedHashMap<>();
    String text;
    try {
      // Decoded leniently: a damaged byte spoils its line, not the file.
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return entries;
    } catch (IOException | RuntimeException e) {
      warn("cannot be read (" + Causes.describe(e) + ")");
      return entries;
    }
    int damaged = 0;
    for (String line : text.split("\n")) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\t", 5);
      Entry entry = fields.length == 5 ? entry(fields) : null;
      if (entry == null || fields[4].isEmpty()) {
        damaged++;
      } else {
        entries.remove(fields[4]);
        entries.put(fields[4], entry);
      }
    }
    if (damaged > 0) {
      RunWarnings.warnOnce(
          WARNING + "-damaged",
          "the model hash cache "
              + file
              + " has "
              + damaged
              + (damaged == 1 ? " line" : " lines")
              + " it cannot read; they are dropped when it is next written"
              + " (the models they named are hashed again)");
    }
    return entries;
  }

  private static Entry entry(String[] fields) {
    if (!SHA256.matcher(fields[0]).matches()) {
      return null;
    }
    try {
      long bytes = Long.parseLong(fields[1]);
      long size = Long.parseLong(fields[2]);
      long modified = Long.parseLong(fields[3]);
      return bytes < 0 || size < 0 ? null : new Entry(fields[0], bytes, size, modified);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * Adds {@code entry} under {@code key} to what the file holds now (other JVMs' lines kept), drops
   * the lines of files that are gone and the oldest beyond {@link #MAX_ENTRIES}, and replaces the
   * file. Never throws: a file that cannot be written is warned about once.
   */
  void put(String key, Entry entry) {
    synchronized (JVM_LOCK) {
      try {
        Files.createDirectories(file.getParent());
        Path lockFile = file.resolveSibling(file.getFileName() + ".lock");
        try (FileChannel channel =
                FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
            FileLock lock = channel.lock()) {
          LinkedHashMap<String, Entry> entries = read();
          entries.remove(key);
          entries.put(key, entry);
          prune(entries);
          AtomicFiles.write(
              file,
              (out, previous) -> {
                Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
                writer.write(HEADER + "\n");
                for (Map.Entry<String, Entry> line : entries.entrySet()) {
                  Entry e = line.getValue();
                  writer.write(
                      e.sha256()
                          + "\t"
                          + e.bytes()
                          + "\t"
                          + e.fileSize()
                          + "\t"
                          + e.fileModifiedNs()
                          + "\t"
                          + line.getKey()
                          + "\n");
                }
                writer.flush();
              });
        }
      } catch (IOException | RuntimeException e) {
        warn("cannot be written (" + Causes.describe(e) + ")");
      }
    }
  }

  private static void prune(LinkedHashMap<String, Entry> entries) {
    entries.keySet().removeIf(key -> !exists(ModelHashes.fileOf(key)));
    Iterator<String> oldest = entries.keySet().iterator();
    for (int excess = entries.size() - MAX_ENTRIES; excess > 0; excess--) {
      oldest.next();
      oldest.remove();
    }
  }

  private static boolean exists(String path) {
    try {
      return Files.exists(Path.of(path));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  private void warn(String problem) {
    RunWarnings.warnOnce(
        WARNING,
        "the model hash cache "
            + file
            + " "
            + problem
            + "; model files are hashed"
            + " without it (each read in full on every run): make it and its folder writable, or point "
            + ModelHashes.CACHE_DIR
            + " at a writable folder");
  }
}
