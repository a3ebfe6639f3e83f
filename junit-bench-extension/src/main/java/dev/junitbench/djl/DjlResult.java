package dev.junitbench.djl;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import ai.djl.ndarray.NDList;
import ai.djl.ndarray.NDManager;
import org.apiguardian.api.API;

/**
 * The output of one {@link DjlModel#run} and everything the run allocated: DJL keeps a forward
 * pass's intermediate arrays until their manager closes, so each run gets a manager of its own,
 * closed with this result. Hand it to {@code Blackhole.closeAfterTiming}, so closing is not timed.
 *
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public final class DjlResult implements AutoCloseable {

  private final NDManager manager;
  private final NDList output;

  DjlResult(NDManager manager, NDList output) {
    this.manager = manager;
    this.output = output;
  }

  /** The model's output; valid until this result is closed. */
  public NDList output() {
    return output;
  }

  /** Frees the output and the run's intermediate arrays; the inputs stay. */
  @Override
  public void close() {
    manager.close();
  }
}
