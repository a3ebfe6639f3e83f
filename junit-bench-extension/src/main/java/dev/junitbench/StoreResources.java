package dev.junitbench;

import dev.junitbench.engine.ScenarioResources;
import dev.junitbench.model.binding.LoadedModel;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A scenario's resources in JUnit's stores: opened models in the benchmark method's store (its
 * scenarios share them; closed when the method's last scenario has run), what belongs to the
 * scenario in the invocation's own store (closed when it ends).
 */
final class StoreResources implements ScenarioResources {

  private final ExtensionContext invocation;

  StoreResources(ExtensionContext invocation) {
    this.invocation = invocation;
  }

  @Override
  public ClassLoader classLoader() {
    return invocation.getRequiredTestClass().getClassLoader();
  }

  @Override
  public LoadedModel computeIfAbsent(String key, Supplier<LoadedModel> open) {
    ExtensionContext method = invocation.getParent().orElse(invocation);
    @SuppressWarnings(
        "deprecation") // getOrComputeIfAbsent: computeIfAbsent exists only from JUnit 6 on
    Closing kept =
        method
            .getStore(BenchmarkExtension.NAMESPACE)
            .getOrComputeIfAbsent(key, k -> new Closing(open.get()), Closing.class);
    return (LoadedModel) kept.closeable();
  }

  @Override
  public <T> T shared(Class<T> type, Supplier<T> make) {
    ExtensionContext method = invocation.getParent().orElse(invocation);
    @SuppressWarnings(
        "deprecation") // getOrComputeIfAbsent: computeIfAbsent exists only from JUnit 6 on
    T kept =
        method
            .getStore(BenchmarkExtension.NAMESPACE)
            .getOrComputeIfAbsent(type, k -> make.get(), type);
    return kept;
  }

  @Override
  public void closeWhenDone(AutoCloseable resource) {
    invocation.getStore(BenchmarkExtension.NAMESPACE).put(new Object(), new Closing(resource));
  }

  /** Closes what a store keeps when the store is closed. */
  @SuppressWarnings(
      "deprecation") // CloseableResource: JUnit 5 closes only these; JUnit 6 closes AutoCloseable
  private record Closing(AutoCloseable closeable)
      implements ExtensionContext.Store.CloseableResource, AutoCloseable {
    @Override
    public void close() throws Exception {
      closeable.close();
    }
  }
}
