package dev.junitbench.backends;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.djl.DjlBackend;
import dev.junitbench.infra.Device;
import dev.junitbench.onnx.OnnxRuntimeBackend;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The backends of a process")
class BackendsTests {

  @Test
  @DisplayName(
      "are all found, a provider whose class is missing skipped without hiding those after it")
  void brokenProviderSkipped(@TempDir Path folder) throws Exception {
    Path services = Files.createDirectories(folder.resolve("META-INF/services"));
    Files.writeString(
        services.resolve(Backend.class.getName()),
        "dev.junitbench.spi.NoSuchBackend\n" + GpuBackend.class.getName() + "\n");
    try (URLClassLoader loader =
        new URLClassLoader(
            new URL[] {folder.toUri().toURL()}, BackendsTests.class.getClassLoader())) {
      List<String> names = Backends.load(loader).all().stream().map(Backend::name).toList();
      assertThat(names).containsExactly(OnnxRuntimeBackend.NAME, DjlBackend.NAME, "gpu");
    }
  }

  @Test
  @DisplayName(
      "serve a plain benchmark's device when any backend serves it, and AUTO picks the GPU")
  void plainBenchmarkDevices() {
    Backends backends = new Backends(List.of(new GpuBackend()));
    assertThat(backends.availableDevices()).containsExactlyInAnyOrder(Device.CPU, Device.CUDA);
    assertThat(backends.resolve(Device.AUTO)).isEqualTo(Device.CUDA);
    assertThat(backends.unavailableReason(Device.CUDA)).isEmpty();
    assertThat(backends.unavailableReason(Device.ROCM))
        .hasValue(
            "no backend offers ROCM here (devices available:"
                + " [cpu, cuda]; backends: [gpu]); run it on a machine with that device and its runtime on the classpath");
    assertThat(new Backends(List.of()).resolve(Device.AUTO)).isEqualTo(Device.CPU);
    assertThat(backends.runtimeVersions()).isEqualTo(Map.of("gpu-runtime", "2.0"));
  }

  @Test
  @DisplayName("load no runtime to run a plain benchmark on the CPU")
  void cpuNeedsNoRuntime() {
    GpuBackend backend = new GpuBackend();
    Backends backends = new Backends(List.of(backend));
    assertThat(backends.unavailableReason(Device.CPU)).isEmpty();
    assertThat(backend.asked).as("devices asked of the backend").isZero();
    backends.unavailableReason(Device.CUDA);
    assertThat(backend.asked).isEqualTo(1);
  }

  /** A backend that serves a GPU, for tests: no runtime behind it. */
  public static final class GpuBackend implements Backend {
    @Override
    public String name() {
      return "gpu";
    }

    @Override
    public Set<Class<?>> modelTypes() {
      return Set.of();
    }

    @Override
    public List<String> modes() {
      return List.of();
    }

    int asked;

    @Override
    public Set<Device> availableDevices(Execution execution) {
      asked++;
      return Set.of(Device.CPU, Device.CUDA);
    }

    @Override
    public Optional<String> unavailableReason(Execution execution, Device device) {
      return Optional.empty();
    }

    @Override
    public Map<String, String> runtimeVersions() {
      return Map.of("gpu-runtime", "2.0");
    }

    @Override
    public OpenedModel open(ModelRequest request) {
      throw new UnsupportedOperationException("opens nothing");
    }
  }
}
