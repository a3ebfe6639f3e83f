package dev.junitbench.measure;

import java.lang.invoke.MethodHandle;

/**
 * A benchmark body as the loop calls it: a {@code ()void} handle bound to its instance and
 * arguments, and what it leaves to close after timing.
 */
public record TimedCall(MethodHandle body, AfterTiming afterTiming) {}
