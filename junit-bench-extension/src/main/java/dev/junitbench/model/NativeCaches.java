package dev.junitbench.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps what DJL and JNA extract (native libraries, caches) under the build folder rather than the
 * home folder, unless the user chose a place: {@code DJL_CACHE_DIR}, {@code ENGINE_CACHE_DIR} and
 * {@code jna.tmpdir}, as environment variables or system properties, win.
 */
public final class NativeCaches {

  /** Where DJL's cache goes by default, relative to the module folder. */
  public static final String DEFAULT_CACHE = "target/djl-cache";

  /** Where JNA extracts its native library by default, relative to the module folder. */
  public static final String DEFAULT_JNA = "target/jna";

  private NativeCaches() {}

  /** Where model files packed in jars are copied for DJL, which opens only files. */
  public static Path models() {
    String cache = System.getProperty("DJL_CACHE_DIR", System.getenv("DJL_CACHE_DIR"));
    return Path.of(cache != null ? cache : DEFAULT_CACHE).toAbsolutePath().resolve("models");
  }

  /** Sets DJL's folders that are not set yet; call before the first DJL class loads. */
  public static synchronized void prepareDjl() {
    Path cache = Path.of(DEFAULT_CACHE).toAbsolutePath();
    setIfAbsent("DJL_CACHE_DIR", cache);
    setIfAbsent("ENGINE_CACHE_DIR", cache);
    prepareJna();
    if (System.getProperty("OPT_OUT_TRACKING") == null
        && System.getenv("OPT_OUT_TRACKING") == null) {
      // DJL otherwise reports usage over the network; benchmarks never need it.
      System.setProperty("OPT_OUT_TRACKING", "true");
    }
  }

  /**
   * Sets JNA's extraction folder if it is not set yet (JNA would use {@code ~/.cache/JNA}); call
   * before the first JNA class loads (OSHI's, DJL's).
   */
  public static synchronized void prepareJna() {
    try {
      setIfAbsent("jna.tmpdir", Path.of(DEFAULT_JNA).toAbsolutePath());
    } catch (UncheckedIOException e) {
      // A folder that cannot be made (a read-only module): JNA's own default still works.
    }
  }

  private static void setIfAbsent(String key, Path folder) {
    if (System.getenv(key) == null && System.getProperty(key) == null) {
      try {
        Files.createDirectories(folder);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      System.setProperty(key, folder.toString());
    }
  }
}
