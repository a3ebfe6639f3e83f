package dev.junitbench.keys;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.util.Enumeration;
import java.util.Objects;
import java.util.Properties;

/**
 * Works out where each configuration parameter came from. JUnit hands over only the values, so the
 * source is inferred the way JUnit ranks them: a system property holding the same value, else the
 * first {@code junit-platform.properties} of the class loader JUnit reads it from holding it, else
 * an explicit launcher parameter. An explicit parameter with the value of a system property of the
 * same name is named a system property: either change would be needed anyway.
 */
public final class KeySources {

  static final String FILE = "junit-platform.properties";

  private final ClassLoader loader;
  private Properties file;
  private String fileUrl;

  /**
   * The sources of a run whose junit-platform.properties {@code loader} finds (JUnit's: the context
   * class loader).
   */
  public KeySources(ClassLoader loader) {
    this.loader = loader != null ? loader : ClassLoader.getSystemClassLoader();
  }

  /** Where {@code key}, which JUnit gives the value {@code value}, came from. */
  public KeySource of(String key, String value) {
    if (Objects.equals(System.getProperty(key), value)) {
      return KeySource.SYSTEM_PROPERTY;
    }
    Properties properties = file();
    if (properties.containsKey(key) && Objects.equals(properties.getProperty(key), value)) {
      return new KeySource(KeySource.Kind.PROPERTIES_FILE, fileUrl);
    }
    return KeySource.EXPLICIT;
  }

  /**
   * The first junit-platform.properties, read once, as JUnit reads it; empty where there is none.
   */
  private Properties file() {
    if (file == null) {
      file = new Properties();
      try {
        Enumeration<URL> found = loader.getResources(FILE);
        if (found.hasMoreElements()) {
          URL url = found.nextElement();
          try (InputStream in = url.openStream()) {
            file.load(in);
            fileUrl = url.toString();
          }
        }
      } catch (IOException | IllegalArgumentException e) {
        // JUnit could not read it either: none of its keys came from it.
        file.clear();
      }
    }
    return file;
  }
}
