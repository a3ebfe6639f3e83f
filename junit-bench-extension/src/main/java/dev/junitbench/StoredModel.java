package dev.junitbench;

import dev.junitbench.infra.ModelInputs;
import dev.junitbench.results.ModelInfo;
import dev.junitbench.sampling.ResourceSampler;
import dev.junitbench.spi.OpenedModel;
import org.junit.jupiter.api.extension.ExtensionContext;

/** An opened model in a JUnit store, with what opening it cost; the store closes it. */
@SuppressWarnings("deprecation") // CloseableResource: JUnit 5 closes only these; JUnit 6 closes AutoCloseable
final class StoredModel implements ExtensionContext.Store.CloseableResource, AutoCloseable {

  private final OpenedModel opened;
  private final ResourceSampler.Reading footprint;
  private ModelInfo info;
  private boolean closed;

  StoredModel(OpenedModel opened, ModelInfo info, ResourceSampler.Reading footprint) {
    this.opened = opened;
    this.info = info;
    this.footprint = footprint;
  }

  /** The resident memory opening the model added, in MiB, or why it is not known. */
  ResourceSampler.Reading footprint() {
    return footprint;
  }

  OpenedModel opened() {
    return opened;
  }

  synchronized ModelInfo info() {
    return info;
  }

  /** Times the first inference on {@code inputs}, once per opened model. */
  void timeFirstInference(ModelInputs inputs) throws Exception {
    timeFirstInference(() -> opened.run(inputs), false);
  }

  /** A first call of the model. */
  @FunctionalInterface
  interface Call {
    void run() throws Exception;
  }

  /**
   * Times {@code first}, a first call of the model, once per opened model; after that it runs
   * untimed when {@code always}, else not at all.
   */
  synchronized void timeFirstInference(Call first, boolean always) throws Exception {
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
