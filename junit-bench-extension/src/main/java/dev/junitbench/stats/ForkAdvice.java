package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * How many forks and iterations per fork would bring a forked scenario's interval to a target
 * width, from the variances it showed within and between forks (Kalibera and Jones, "Rigorous
 * Benchmarking in Reasonable Time", ISMM 2013): iterations per fork balance the cost of a fork
 * against the within-fork variance it averages away; forks then shrink what JVMs add.
 *
 * @param targetHalfWidth the relative half-width of the 95% interval aimed at: 0.025 = +-2.5%
 * @param forks forks to run, or null when no count within reach gets there
 * @param iterations measured iterations per fork, or null likewise
 * @param halfWidth the relative half-width those counts are expected to give, or null
 * @param note how the advice came about, in one sentence
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ForkAdvice(
    double targetHalfWidth, Integer forks, Integer iterations, Double halfWidth, String note) {}
