package dev.junitbench.environment;

/**
 * Commit, branch and dirty flag of the working directory's git checkout.
 *
 * @since 0.1.0
 */
public record GitInfo(String commit, String branch, Boolean dirty) {
}
