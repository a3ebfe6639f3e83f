package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * When each query of a pooled load (Offline, Server, Concurrency) was scheduled, issued, started
 * and completed, in nanoseconds since the run started, and which worker ran it: the raw file {@code
 * queries.csv}, from which every figure of the {@code load} group is recomputed.
 *
 * @param scheduledNs intended start (0 for every query of Offline and Concurrency)
 * @param issuedNs when the scheduler handed it to the workers
 * @param startedNs when a worker started it
 * @param completedNs when it completed
 * @param worker the worker that ran it, from 0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record QueryTimes(
    long[] scheduledNs, long[] issuedNs, long[] startedNs, long[] completedNs, int[] worker) {

  /** Queries recorded. */
  public int count() {
    return completedNs.length;
  }
}
