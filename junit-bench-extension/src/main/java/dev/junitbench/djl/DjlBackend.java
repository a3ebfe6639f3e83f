package dev.junitbench.djl;

import static org.apiguardian.api.API.Status.INTERNAL;

import ai.djl.engine.Engine;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.Shape;
import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import dev.junitbench.warnings.Causes;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apiguardian.api.API;

/**
 * Runs models with DJL on whichever of its engines are on the classpath: files on the engine their
 * format calls for ({@code OnnxRuntime} for {@code .onnx}, {@code PyTorch} for TorchScript) or the
 * one {@code @Model(engine)} names, and architectures built in code ({@link DjlBlock}) on PyTorch.
 * Found through {@link java.util.ServiceLoader}; skipped when DJL is not on the classpath. An
 * engine's native library is loaded the first time a benchmark needs it.
 */
@API(status = INTERNAL, since = "0.1")
public final class DjlBackend implements Backend {

  /** The backend's name in messages and result files. */
  public static final String NAME = "djl";

  /** DJL's PyTorch engine. */
  public static final String PYTORCH = "PyTorch";

  /** DJL's ONNX Runtime engine. */
  public static final String ONNX_RUNTIME = "OnnxRuntime";

  /** PyTorch's imperative execution; ONNX Runtime with graph optimizations off. */
  public static final String EAGER = "eager";

  /** ONNX Runtime with all graph optimizations, its default. */
  public static final String OPTIMIZED = "optimized";

  /**
   * The backend ServiceLoader creates; fails with {@link NoClassDefFoundError} when DJL is absent.
   */
  @SuppressWarnings("ReturnValueIgnored") // getName() resolves the class; see below
  public DjlBackend() {
    // Resolves the class without initializing it: no engine is looked for here.
    Engine.class.getName();
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<Class<?>> modelTypes() {
    return Set.of(DjlModel.class);
  }

  @Override
  public List<String> modes() {
    return List.of(EAGER, OPTIMIZED);
  }

  @Override
  public String defaultEngine(String file) {
    if (file == null) {
      return PYTORCH;
    }
    String lower = file.toLowerCase(Locale.ROOT);
    if (lower.endsWith(".onnx")) {
      return ONNX_RUNTIME;
    }
    return lower.endsWith(".pt") || lower.endsWith(".pth") || lower.endsWith(".torchscript")
        ? PYTORCH
        : null;
  }

  /** The engine as DJL spells it; call only after {@link #invalidReason} accepted it. */
  private static String engine(Execution execution) {
    return DjlEngines.canonical(execution.engine()).orElseThrow();
  }

  @Override
  public Optional<String> invalidReason(Execution execution, Scenario scenario) {
    if (execution.engine() == null) {
      return Optional.of(
          "DJL cannot tell which engine runs this file; name it: @Model(engine = \"PyTorch\")"
              + " (engines on the test classpath: "
              + DjlEngines.names()
              + ")");
    }
    Optional<String> engine = DjlEngines.canonical(execution.engine());
    if (engine.isEmpty()) {
      return Optional.of(
          "@Model(engine = \""
              + execution.engine()
              + "\"): DJL has no such engine on the test"
              + " classpath (it has "
              + DjlEngines.names()
              + "); add the engine's jar (ai.djl.pytorch:pytorch-engine,"
              + " ai.djl.onnxruntime:onnxruntime-engine) or fix the name");
    }
    if (execution.provider() != null) {
      return Optional.of(
          "@Providers: DJL has no execution providers; leave it out (ONNX Runtime's providers"
              + " need an OnnxModel parameter)");
    }
    List<String> modes =
        ONNX_RUNTIME.equals(engine.get()) ? List.of(OPTIMIZED, EAGER) : List.of(EAGER);
    if (scenario.mode().isPresent() && !modes.contains(scenario.mode().get())) {
      return Optional.of(
          "@Modes: DJL's "
              + engine.get()
              + " engine has no mode '"
              + scenario.mode().get()
              + "'; accepted: "
              + modes);
    }
    if (scenario.threads().isPresent() && !ONNX_RUNTIME.equals(engine.get())) {
      return Optional.of(
          "@Threads: DJL's "
              + engine.get()
              + " engine sets its intra-op thread count once per"
              + " process, and changing it after the first inference slows every later one; leave @Threads out and"
              + " set -Dai.djl."
              + engine.get().toLowerCase(Locale.ROOT)
              + ".num_threads=N for the test JVM");
    }
    return Optional.empty();
  }

  @Override
  public Map<String, Object> resultParams(Execution execution, Device device) {
    return Map.of(
        "engine",
        DjlEngines.canonical(execution.engine()).orElse(String.valueOf(execution.engine())));
  }

  @Override
  public Set<Device> availableDevices(Execution execution) {
    Optional<String> engine = DjlEngines.canonical(execution.engine());
    if (engine.isEmpty()) {
      return Set.of();
    }
    DjlEngines.Loaded loaded = DjlEngines.load(engine.get());
    if (loaded.engine() == null) {
      return Set.of();
    }
    Set<Device> devices = EnumSet.of(Device.CPU);
    if (cudaFailure(engine.get(), loaded.engine()).isEmpty()) {
      devices.add(Device.CUDA);
    }
    return devices;
  }

  /**
   * Why {@code engine} cannot run on a CUDA GPU here, probed once per engine; empty when it can.
   * DJL's own count of GPUs looks for the CUDA runtime library, which libtorch and ONNX Runtime do
   * not need on the library path, so each engine is asked the way it really runs.
   */
  private static Optional<String> cudaFailure(String name, Engine engine) {
    return CUDA.computeIfAbsent(
        name,
        key -> {
          try {
            if (ONNX_RUNTIME.equals(key)) {
              return onnxRuntimeCudaFailure();
            }
            if (PYTORCH.equals(key) && !engine.hasCapability("CUDA")) {
              return Optional.of("its natives are a CPU build");
            }
            if (PYTORCH.equals(key)) {
              try (NDManager manager = engine.newBaseManager(ai.djl.Device.gpu())) {
                manager.zeros(new Shape(1)).toFloatArray();
                return Optional.empty();
              }
            }
            return engine.getGpuCount() > 0 ? Optional.empty() : Optional.of("it sees no GPU");
          } catch (RuntimeException | LinkageError e) {
            return Optional.of(Causes.describe(e));
          }
        });
  }

  private static final Map<String, Optional<String>> CUDA = new ConcurrentHashMap<>();

  @Override
  public Optional<String> unavailableReason(Execution execution, Device device) {
    Optional<String> engine = DjlEngines.canonical(execution.engine());
    if (engine.isEmpty()) {
      return Optional.of("DJL has no engine '" + execution.engine() + "' on the test classpath");
    }
    DjlEngines.Loaded loaded = DjlEngines.load(engine.get());
    if (loaded.engine() == null) {
      return Optional.of(
          "DJL's "
              + engine.get()
              + " engine failed to load its native library ("
              + loaded.failure()
              + "); "
              + nativesFix(engine.get(), loaded.failure()));
    }
    if (availableDevices(execution).contains(device)) {
      return Optional.empty();
    }
    String why =
        device == Device.CUDA
            ? " (" + cudaFailure(engine.get(), loaded.engine()).orElse("") + ")"
            : "";
    return Optional.of(
        device.name()
            + " requested; DJL's "
            + engine.get()
            + " engine offers "
            + availableDevices(execution).stream().map(Device::name).toList()
            + " here"
            + why
            + "; "
            + deviceFix(engine.get(), device));
  }

  /**
   * Starts DJL's OnnxRuntime engine, when it is on the classpath, before anything else starts ONNX
   * Runtime: it creates ONNX Runtime's one environment per process with options of its own and
   * cannot start once another exists.
   */
  @Override
  public void startShared(String runtime) {
    // Without DJL, names() is empty and nothing is prepared or loaded.
    if ("onnxruntime".equals(runtime) && DjlEngines.canonical(ONNX_RUNTIME).isPresent()) {
      DjlEngines.load(ONNX_RUNTIME);
    }
  }

  /**
   * Why ONNX Runtime's CUDA provider cannot start here, as the ONNX Runtime backend finds it; empty
   * when it can.
   */
  private static Optional<String> onnxRuntimeCudaFailure() {
    for (Backend other : Backends.load(DjlBackend.class.getClassLoader()).all()) {
      Optional<String> failure = other.providerFailure("cuda");
      if (failure.isPresent() || other.providers().contains("cuda")) {
        return failure;
      }
    }
    return Optional.of(
        "ONNX Runtime's backend is not on the class path to start its CUDA provider");
  }

  private static String nativesFix(String engine, String failure) {
    if (ONNX_RUNTIME.equals(engine) && failure.contains("OrtEnvironment, but one already exists")) {
      return "ONNX Runtime was started in this JVM before DJL's OnnxRuntime engine (by code of its own), and"
          + " that engine must create ONNX Runtime's environment itself: call"
          + " ai.djl.engine.Engine.getEngine(\"OnnxRuntime\") before any other ONNX Runtime code runs, or run"
          + " these benchmarks in a JVM of their own";
    }
    return switch (engine) {
      case PYTORCH ->
          "add ai.djl.pytorch:pytorch-jni:2.7.1-0.35.1 and ai.djl.pytorch:pytorch-native-cpu:2.7.1"
              + " (classifier linux-x86_64, or your platform's) to the test dependencies, point PYTORCH_LIBRARY_PATH"
              + " at a libtorch 2.7.1, or let DJL download it (internet access, without -Dai.djl.offline=true)";
      case ONNX_RUNTIME ->
          "add com.microsoft.onnxruntime:onnxruntime to the test dependencies; DJL's OnnxRuntime"
              + " engine also loads PyTorch when ai.djl.pytorch:pytorch-engine is present, so give that its natives or"
              + " set -Dai.djl.onnx.disable_alternative=true";
      default ->
          "check that the native library of DJL's " + engine + " engine is on the test classpath";
    };
  }

  private static String deviceFix(String engine, Device device) {
    if (device != Device.CUDA) {
      return "DJL's engines run on the CPU and on NVIDIA GPUs through CUDA";
    }
    return switch (engine) {
      case PYTORCH ->
          "Maven Central has no CUDA build of PyTorch 2.7.1 for DJL 0.35.1: on a machine with an NVIDIA"
              + " GPU and internet access, leave pytorch-native-cpu and -Dai.djl.offline=true out so DJL downloads a"
              + " CUDA build for the CUDA runtime it finds (PYTORCH_FLAVOR=cu128 chooses one), or point"
              + " PYTORCH_LIBRARY_PATH at a CUDA build of libtorch 2.7.1";
      case ONNX_RUNTIME ->
          "use ONNX Runtime's GPU build (mvn -Pgpu, com.microsoft.onnxruntime:onnxruntime_gpu) on a"
              + " machine with an NVIDIA GPU, its driver, CUDA 12 and cuDNN 9";
      default -> "use a CUDA build of DJL's " + engine + " engine on a machine with an NVIDIA GPU";
    };
  }

  @Override
  public Map<String, String> runtimeVersions() {
    return DjlEngines.versions();
  }

  @Override
  public OpenedModel open(ModelRequest request) throws Exception {
    String engine = engine(request.execution());
    if (request.block() != null && !PYTORCH.equals(engine)) {
      throw new BenchmarkConfigurationException(
          request.benchmark()
              + ": a model built in code ("
              + request.block().getClass().getName()
              + ") runs on DJL's PyTorch engine, not "
              + engine
              + "; leave @Model(engine) out");
    }
    if (request.block() != null && !(request.block() instanceof DjlBlock)) {
      throw new BenchmarkConfigurationException(
          request.benchmark()
              + ": @Model(block = "
              + request.block().getClass().getName()
              + ".class) does not implement "
              + DjlBlock.class.getName()
              + "; implement it to build the model and describe its input");
    }
    return DjlOpened.open(request, engine);
  }
}
