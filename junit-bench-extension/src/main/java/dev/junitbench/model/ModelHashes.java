package dev.junitbench.model;

import dev.junitbench.spi.ModelSource;
import dev.junitbench.warnings.Causes;
import dev.junitbench.warnings.RunWarnings;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The SHA-256 of model files, which results carry so that a model swapped under the same name is
 * told apart. Each hash is kept on the machine with the size and modification time of the file it
 * was taken from, so a model file is read for it once, not on every run.
 */
public final class ModelHashes {

  /**
   * Environment variable (or system property) naming the folder of junit-bench's cache on this
   * machine; by default the platform's cache folder ({@code ~/.cache/junit-bench} on Linux).
   */
  public static final String CACHE_DIR = "JUNIT_BENCH_CACHE_DIR";

  /** The cache's file name inside that folder. */
  static final String FILE_NAME = "model-sha256.tsv";

  /**
   * A file changed more recently than this may change again within its time stamp's resolution (1
   * to 2 s on some file systems) without its size or time changing: its hash is not kept yet.
   */
  static final Duration SETTLE_TIME = Duration.ofSeconds(2);

  private static final String JAR = "jar:";
  private static final int BUFFER_BYTES = 1 << 16;

  /** Opens a model's content for hashing: where tests count how often a file is read. */
  @FunctionalInterface
  interface Content {
    InputStream open(ModelSource source) throws IOException;
  }

  /**
   * A model's hash.
   *
   * @param sha256 the SHA-256 of its content, lowercase hex
   * @param bytes the size of its content
   */
  public record Hash(String sha256, long bytes) {}

  /**
   * What a result says of its model's identity: the hash, or why there is none.
   *
   * @param sha256 lowercase hex, or null
   * @param unavailableReason why there is no hash, or null
   */
  public record Identity(String sha256, String unavailableReason) {

    /** No hash, for {@code reason}. */
    public static Identity none(String reason) {
      return new Identity(null, reason);
    }
  }

  /**
   * The file and time stamp a hash is kept under: a path, or a jar and its entry, with the file's
   * state.
   */
  private record Stamp(String key, long size, long modifiedNs) {}

  private final HashCacheFile cache;
  private final Clock clock;
  private final Content content;

  /** Hashes kept in {@code cacheFile} (none kept when null), read through {@code content}. */
  ModelHashes(Path cacheFile, Clock clock, Content content) {
    this.cache = cacheFile == null ? null : new HashCacheFile(cacheFile);
    this.clock = clock;
    this.content = content;
  }

  /** Hashes kept in this machine's cache folder ({@link #CACHE_DIR}, else the platform's). */
  public static ModelHashes onThisMachine() {
    Path file = null;
    try {
      String chosen = System.getProperty(CACHE_DIR, System.getenv(CACHE_DIR));
      Path folder =
          chosen != null && !chosen.isBlank()
              ? Path.of(chosen.trim())
              : cacheFolder(
                  System.getProperty("os.name", ""),
                  System.getenv(),
                  System.getProperty("user.home"));
      file = folder == null ? null : folder.toAbsolutePath().resolve(FILE_NAME);
    } catch (InvalidPathException e) {
      RunWarnings.warnOnce(
          HashCacheFile.WARNING,
          "the model hash cache's folder cannot be a path ("
              + e.getMessage()
              + "); model files are hashed without it: fix "
              + CACHE_DIR);
    }
    return keptIn(file);
  }

  /** Hashes kept in {@code cacheFile}, or none kept when it is null. */
  public static ModelHashes keptIn(Path cacheFile) {
    return new ModelHashes(cacheFile, Clock.systemUTC(), ModelSource::openStream);
  }

  /**
   * junit-bench's cache folder on a platform: {@code %LOCALAPPDATA%\junit-bench} on Windows, {@code
   * ~/Library/Caches/junit-bench} on macOS, else {@code $XDG_CACHE_HOME/junit-bench} or {@code
   * ~/.cache/junit-bench}; null without a home folder.
   */
  static Path cacheFolder(String osName, Map<String, String> environment, String userHome) {
    String os = osName.toLowerCase(Locale.ROOT);
    String base = null;
    if (os.startsWith("windows")) {
      base = environment.get("LOCALAPPDATA");
    } else if (!os.startsWith("mac")) {
      String xdg = environment.get("XDG_CACHE_HOME");
      // The XDG specification ignores a relative path.
      base = xdg != null && Path.of(xdg).isAbsolute() ? xdg : null;
    }
    if (base == null || base.isBlank()) {
      if (userHome == null || userHome.isBlank() || userHome.equals("?")) {
        return null;
      }
      base =
          os.startsWith("mac")
              ? Path.of(userHome, "Library", "Caches").toString()
              : os.startsWith("windows")
                  ? Path.of(userHome, "AppData", "Local").toString()
                  : Path.of(userHome, ".cache").toString();
    }
    return Path.of(base, "junit-bench");
  }

  /** The cache file, or null when hashes are not kept. */
  public Path cacheFile() {
    return cache == null ? null : cache.path();
  }

  /**
   * The hash of {@code source}'s content: the one kept for it while its file's size and
   * modification time are unchanged, else read in full (and kept).
   *
   * @throws IOException when the content cannot be read
   */
  public Hash of(ModelSource source) throws IOException {
    Stamp before = cache == null ? null : stamp(source);
    if (before != null) {
      HashCacheFile.Entry kept = cache.read().get(before.key());
      if (kept != null
          && kept.fileSize() == before.size()
          && kept.fileModifiedNs() == before.modifiedNs()) {
        return new Hash(kept.sha256(), kept.bytes());
      }
    }
    Hash hash = read(source);
    // A file that changed while it was read, or may yet change unseen, is hashed again next time.
    if (before != null && settled(before) && before.equals(stamp(source))) {
      cache.put(
          before.key(),
          new HashCacheFile.Entry(hash.sha256(), hash.bytes(), before.size(), before.modifiedNs()));
    }
    return hash;
  }

  /**
   * The identity a result gives {@code source}: its hash, or why it could not be read. Never
   * throws.
   */
  public Identity identify(ModelSource source) {
    try {
      return new Identity(of(source).sha256(), null);
    } catch (IOException | RuntimeException e) {
      return Identity.none(
          "the file could not be read for its SHA-256 (" + Causes.describe(e) + ")");
    }
  }

  private Hash read(ModelSource source) throws IOException {
    MessageDigest digest;
    try {
      digest = MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java platform has SHA-256", e);
    }
    byte[] buffer = new byte[BUFFER_BYTES];
    long bytes = 0;
    try (InputStream in = content.open(source)) {
      for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
        digest.update(buffer, 0, n);
        bytes += n;
      }
    }
    return new Hash(HexFormat.of().formatHex(digest.digest()), bytes);
  }

  private boolean settled(Stamp stamp) {
    return clock.millis() - TimeUnit.NANOSECONDS.toMillis(stamp.modifiedNs())
        >= SETTLE_TIME.toMillis();
  }

  /**
   * Where {@code source}'s content lives and its file's state, or null when it has no file to
   * watch.
   */
  private static Stamp stamp(ModelSource source) {
    try {
      String key;
      Path file;
      if (source.path() != null) {
        file = source.path().toRealPath();
        key = file.toString();
      } else {
        String url = source.resource().toString();
        int bang = url.indexOf("!/");
        // A jar inside a jar (a Spring Boot fat jar) has no file of its own to watch.
        if (!url.startsWith(JAR) || bang < 0 || url.indexOf("!/", bang + 2) >= 0) {
          return null;
        }
        file = Path.of(new URI(url.substring(JAR.length(), bang))).toRealPath();
        key = JAR + file + url.substring(bang);
      }
      if (key.indexOf('\n') >= 0 || key.indexOf('\r') >= 0) {
        return null;
      }
      BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class);
      return new Stamp(
          key, attributes.size(), attributes.lastModifiedTime().to(TimeUnit.NANOSECONDS));
    } catch (IOException | URISyntaxException | RuntimeException e) {
      return null;
    }
  }

  /** The file a cache key watches: the path, or the jar of {@code jar:<jar>!/<entry>}. */
  static String fileOf(String key) {
    return key.startsWith(JAR) && key.indexOf("!/") > 0
        ? key.substring(JAR.length(), key.indexOf("!/"))
        : key;
  }
}
