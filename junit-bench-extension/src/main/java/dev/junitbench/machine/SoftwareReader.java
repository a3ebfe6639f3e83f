package dev.junitbench.machine;

import dev.junitbench.environment.SoftwareInfo;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Pattern;

/** Reads {@link SoftwareInfo} off this machine and process. */
public final class SoftwareReader {

  private SoftwareReader() {}

  private static final String VERSION_RESOURCE = "/dev/junitbench/junit-bench.properties";

  /** Describes this JVM and the JUnit and junit-bench versions in use; unknown values are null. */
  public static SoftwareInfo current() {
    String platform = implementationVersion("org.junit.platform.launcher.Launcher");
    if (platform == null) {
      // The launcher is optional at run time (IDEs bring their own); the engine API never is.
      platform = implementationVersion("org.junit.platform.engine.TestEngine");
    }
    return new SoftwareInfo(
        System.getProperty("java.home"),
        System.getProperty("java.version"),
        System.getProperty("java.vendor"),
        System.getProperty("java.vm.name"),
        System.getProperty("java.vm.version"),
        platform,
        implementationVersion("org.junit.jupiter.api.Test"),
        ownVersion(),
        readJvmArguments(),
        readGarbageCollectors(),
        Runtime.getRuntime().maxMemory() == Long.MAX_VALUE
            ? null
            : Runtime.getRuntime().maxMemory(),
        Map.of());
  }

  /**
   * The JVM's options ({@code -Xmx2g}, {@code -XX:+UseG1GC}), which change what is measured; the
   * value of a system property whose name speaks of a secret is left out, as result files travel.
   */
  private static List<String> readJvmArguments() {
    try {
      return redact(ManagementFactory.getRuntimeMXBean().getInputArguments());
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  private static final Pattern SECRET =
      Pattern.compile(
          "(?i)^(-D[^=]*(password|passwd|secret|token|credential|apikey|api[._-]key)[^=]*=).*");

  /** {@code -Ddb.password=hunter2} becomes {@code -Ddb.password=***}. */
  static List<String> redact(List<String> arguments) {
    return arguments.stream()
        .map(argument -> SECRET.matcher(argument).replaceFirst("$1***"))
        .toList();
  }

  /** The collectors in use ({@code G1 Young Generation}, ...). */
  private static List<String> readGarbageCollectors() {
    try {
      return ManagementFactory.getGarbageCollectorMXBeans().stream()
          .map(GarbageCollectorMXBean::getName)
          .toList();
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** JUnit is a provided dependency: the user's version may differ from ours or be absent. */
  static String implementationVersion(String className) {
    ClassLoader context = Thread.currentThread().getContextClassLoader();
    for (ClassLoader loader : new ClassLoader[] {context, SoftwareInfo.class.getClassLoader()}) {
      try {
        Package pkg = Class.forName(className, false, loader).getPackage();
        String version = pkg == null ? null : pkg.getImplementationVersion();
        if (version != null && !version.isBlank()) {
          return version;
        }
      } catch (ClassNotFoundException | LinkageError | RuntimeException e) {
        // Try the next loader.
      }
    }
    return null;
  }

  static String ownVersion() {
    try (InputStream in = SoftwareInfo.class.getResourceAsStream(VERSION_RESOURCE)) {
      if (in == null) {
        return null;
      }
      Properties properties = new Properties();
      properties.load(in);
      String version = properties.getProperty("version");
      // An unfiltered "${project.version}" (e.g. resources copied by an IDE) is not a version.
      if (version == null || version.isBlank() || version.contains("${")) {
        return null;
      }
      return version.strip();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
