package dev.junitbench.engine;

import dev.junitbench.fork.ForkLauncher;
import java.lang.reflect.Method;
import java.util.Map;

/**
 * What a fork runs: the benchmark {@code method} of {@code testClass}, every {@code junit.bench.*}
 * parameter the run was {@code given}, and the launcher that runs it in the fork's JVM.
 */
public record ForkTarget(
    Class<?> testClass,
    Method method,
    Map<String, String> given,
    Class<? extends ForkLauncher> launcher) {}
