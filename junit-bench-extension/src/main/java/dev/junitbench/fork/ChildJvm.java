package dev.junitbench.fork;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The command line of a fork: the java executable, the JUnit JVM's own options (a debugger's agent
 * left out: two JVMs cannot listen on one port), the appended options, and the test class path as
 * the test class loader sees it. Options go through an argument file, so no class path is too long
 * for the operating system's command line.
 *
 * @param java the java executable
 * @param options JVM options, in order
 * @param classPath class path entries, in the order classes are looked up
 */
record ChildJvm(Path java, List<String> options, List<String> classPath) {

  /**
   * The fork of the JUnit JVM that loaded {@code testClass}, with {@code appended} options last.
   */
  static ChildJvm of(Path java, Class<?> testClass, List<String> appended) {
    return of(java, testClass, ManagementFactory.getRuntimeMXBean().getInputArguments(), appended);
  }

  /** The fork of a JVM started with {@code inputArguments}, with {@code appended} options last. */
  static ChildJvm of(
      Path java, Class<?> testClass, List<String> inputArguments, List<String> appended) {
    List<String> options = new ArrayList<>();
    for (String option : inputArguments) {
      if (!debugger(option)) {
        options.add(option);
      }
    }
    options.addAll(appended);
    return new ChildJvm(java, List.copyOf(options), classPath(testClass.getClassLoader()));
  }

  private static boolean debugger(String option) {
    return option.startsWith("-agentlib:jdwp")
        || option.startsWith("-Xrunjdwp")
        || option.equals("-Xdebug");
  }

  /**
   * {@code java.class.path} (Surefire's manifest-only jar names the rest in its manifest), then the
   * URLs of every URL class loader from the system loader down to the test's, and down to the
   * thread's context loader (where probes are found): under the JUnit Console Launcher {@code
   * java.class.path} holds only the launcher, and the tests sit in a loader of their own.
   */
  static List<String> classPath(ClassLoader testLoader) {
    Set<String> entries = new LinkedHashSet<>();
    for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        entries.add(entry);
      }
    }
    // The thread's loader too: probes are found through it, and it may hold more than the test's.
    for (ClassLoader start :
        new ClassLoader[] {testLoader, Thread.currentThread().getContextClassLoader()}) {
      Deque<URLClassLoader> chain = new ArrayDeque<>();
      for (ClassLoader loader = start; loader != null; loader = loader.getParent()) {
        if (loader instanceof URLClassLoader urls) {
          chain.addFirst(urls);
        }
      }
      for (URLClassLoader loader : chain) {
        for (URL url : loader.getURLs()) {
          file(url).ifPresent(entries::add);
        }
      }
    }
    // Surefire may hold the JUnit Platform Launcher apart from the test class path; a fork needs
    // it.
    for (String name : PLATFORM) {
      try {
        Class<?> type = Class.forName(name, false, testLoader);
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source != null && source.getLocation() != null) {
          file(source.getLocation()).ifPresent(entries::add);
        }
      } catch (ClassNotFoundException | LinkageError | SecurityException e) {
        // Not there: the fork reports what it misses.
      }
    }
    return List.copyOf(entries);
  }

  /**
   * Classes a fork runs JUnit with, whose jars go on its class path wherever this JVM found them.
   */
  private static final List<String> PLATFORM =
      List.of(
          "org.junit.platform.launcher.core.LauncherFactory",
          "org.junit.platform.engine.TestEngine",
          "org.junit.platform.commons.support.ReflectionSupport",
          "org.junit.jupiter.engine.JupiterTestEngine",
          "org.junit.jupiter.api.Test",
          "org.opentest4j.AssertionFailedError",
          "org.apiguardian.api.API");

  private static Optional<String> file(URL url) {
    if (!"file".equals(url.getProtocol())) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(url.toURI()).toString());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return Optional.of(url.getPath());
    }
  }

  /**
   * The command that starts {@code mainClass} with {@code args}, its options written to {@code
   * argFile}.
   */
  List<String> command(Path argFile, String mainClass, String... args) throws IOException {
    StringBuilder text = new StringBuilder();
    for (String option : options) {
      text.append(quoted(option)).append('\n');
    }
    text.append("-cp\n").append(quoted(String.join(File.pathSeparator, classPath))).append('\n');
    // The java launcher reads argument files in the platform's own encoding.
    Files.writeString(
        argFile,
        text,
        Charset.forName(System.getProperty("native.encoding", Charset.defaultCharset().name())));
    List<String> command = new ArrayList<>();
    command.add(java.toString());
    command.add("@" + argFile);
    command.add(mainClass);
    command.addAll(List.of(args));
    return command;
  }

  /** An argument file's quoting: inside double quotes a backslash escapes the next character. */
  private static String quoted(String arg) {
    String escaped =
        arg.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n").replace("\r", "\\r");
    return '"' + escaped + '"';
  }
}
