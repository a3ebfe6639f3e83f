package dev.junitbench.spi;

import dev.junitbench.infra.Device;

/**
 * The scenario a probe is about to measure.
 *
 * @param benchmark {@code fully.qualified.Class#method}
 * @param displayName the scenario's display name: {@code [device=cpu, batch_size=8]}
 * @param device where it runs
 * @since 0.1.0
 */
public record ProbeScenario(String benchmark, String displayName, Device device) {}
