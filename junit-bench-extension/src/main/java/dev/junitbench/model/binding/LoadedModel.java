package dev.junitbench.model.binding;

import dev.junitbench.infra.ModelInputs;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.OpenedModel;

/**
 * A model a backend opened for a benchmark's scenarios, with what opening it cost (its load time,
 * first inference and resident memory, in its {@link ModelInfo}); closed once, by whoever keeps it.
 */
public final class LoadedModel implements AutoCloseable {

  private final OpenedModel opened;
  private final ResourceSampler.Reading footprint;
  private ModelInfo info;
  private boolean closed;

  /**
   * {@code opened}, described by {@code info}, whose opening added {@code footprint} of resident
   * memory.
   */
  public LoadedModel(OpenedModel opened, ModelInfo info, ResourceSampler.Reading footprint) {
    this.opened = opened;
    this.info = info;
    this.footprint = footprint;
  }

  /** The resident memory opening the model added, in MiB, or why it is not known. */
  public ResourceSampler.Reading footprint() {
    return footprint;
  }

  /** The backend's model. */
  public OpenedModel opened() {
    return opened;
  }

  /** What the result files say of the model, with its first inference once timed. */
  public synchronized ModelInfo info() {
    return info;
  }

  /** Times the first inference on {@code inputs}, once per opened model. */
  public void timeFirstInference(ModelInputs inputs) throws Exception {
    timeFirstInference(() -> opened.run(inputs), false);
  }

  /** A first call of the model. */
  @FunctionalInterface
  public interface Call {
    void run() throws Exception;
  }

  /**
   * Times {@code first}, a first call of the model, once per opened model; after that it runs
   * untimed when {@code always}, else not at all.
   */
  public synchronized void timeFirstInference(Call first, boolean always) throws Exception {
    if (info.firstInferenceMs() != null) {
      if (always) {
        first.run();
      }
    } else {
      long start = System.nanoTime();
      first.run();
      double ms = (System.nanoTime() - start) / 1e6;
      info = info.withFirstInference(ms);
    }
  }

  @Override
  public synchronized void close() throws Exception {
    if (!closed) {
      closed = true;
      opened.close();
    }
  }
}
