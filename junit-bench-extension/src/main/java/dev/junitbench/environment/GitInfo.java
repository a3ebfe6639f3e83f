package dev.junitbench.environment;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * Commit, branch and dirty flag of the working directory's git checkout.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record GitInfo(String commit, String branch, Boolean dirty) {}
