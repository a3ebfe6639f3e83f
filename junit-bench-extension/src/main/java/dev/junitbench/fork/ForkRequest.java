package dev.junitbench.fork;

import java.util.List;
import java.util.Map;

/**
 * What the JUnit JVM asks of one fork, handed to {@link ForkMain} as a JSON file: which benchmark
 * method to run, which of its scenarios, with which configuration, and where to put the result.
 *
 * @param testClass the test class's binary name
 * @param enclosingClasses the classes enclosing a {@code @Nested} test class, outermost first;
 *     empty otherwise
 * @param method the benchmark method's name
 * @param parameterTypes its parameter types, comma-separated, as JUnit's method selectors take them
 * @param displayName the scenario's display name, to check the fork expands the benchmark alike
 * @param child which fork of how many measures which scenario: {@code fork/forks/scenario}
 * @param configuration the configuration parameters the fork's JUnit run gets explicitly
 * @param systemProperties the JUnit JVM's system properties, set in the fork where it has none of
 *     that name
 * @param handBack the file the fork writes its {@link ForkHandBack} to
 * @param launcher the {@link ForkLauncher} class that runs the scenario in the fork
 */
public record ForkRequest(
    String testClass,
    List<String> enclosingClasses,
    String method,
    String parameterTypes,
    String displayName,
    String child,
    Map<String, String> configuration,
    Map<String, String> systemProperties,
    String handBack,
    String launcher) {}
