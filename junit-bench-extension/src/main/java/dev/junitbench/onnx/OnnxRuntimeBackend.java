package dev.junitbench.onnx;

import static org.apiguardian.api.API.Status.INTERNAL;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.config.Defaults;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Generator;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.model.Tokenization;
import dev.junitbench.onnx.decoder.OnnxGenerator;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.GenerationRequest;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;

/**
 * Runs ONNX models with ONNX Runtime: on the CPU always, and with whichever other execution
 * providers (CUDA, TensorRT, ROCm, OpenVINO, DNNL, XNNPACK, Core ML, DirectML) the runtime on the
 * classpath has and can start here. Found through {@link java.util.ServiceLoader}; skipped when
 * ONNX Runtime is not on the classpath. Its native library is loaded the first time a benchmark
 * needs it.
 */
@API(status = INTERNAL, since = "0.1")
public final class OnnxRuntimeBackend implements Backend {

  /** The backend's name in messages and result files. */
  public static final String NAME = "onnxruntime";

  /** Graph optimizations off. */
  public static final String EAGER = "eager";

  /** All graph optimizations, ONNX Runtime's default. */
  public static final String OPTIMIZED = "optimized";

  // The native library loads once per process, whichever instance asks first.
  private static OrtRuntime shared;

  private final OrtRuntime fixed;

  /**
   * The backend ServiceLoader creates; fails with {@link NoClassDefFoundError} when ONNX Runtime is
   * absent.
   */
  @SuppressWarnings("ReturnValueIgnored") // getName() resolves the class; see below
  public OnnxRuntimeBackend() {
    // Resolves the class without initializing it: no native code is loaded here.
    OrtEnvironment.class.getName();
    this.fixed = null;
  }

  /** A backend over {@code runtime} instead of the process's own: tests fake GPU builds with it. */
  OnnxRuntimeBackend(OrtRuntime runtime) {
    this.fixed = runtime;
  }

  private OrtRuntime runtime() {
    if (fixed != null) {
      return fixed;
    }
    synchronized (OnnxRuntimeBackend.class) {
      if (shared == null) {
        shared = OrtRuntime.load();
      }
      return shared;
    }
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<Class<?>> modelTypes() {
    return Set.of(OnnxModel.class);
  }

  @Override
  public List<String> modes() {
    return List.of(OPTIMIZED, EAGER);
  }

  @Override
  public List<String> providers() {
    return ExecutionProvider.ids();
  }

  @Override
  public Optional<String> invalidReason(Execution execution, Scenario scenario) {
    Device device = scenario.device();
    if (execution.engine() != null) {
      return Optional.of(
          "@Model(engine = \""
              + execution.engine()
              + "\"): "
              + NAME
              + " runs ONNX models itself;"
              + " leave engine out, or take a DjlModel parameter to choose one of DJL's engines");
    }
    if (execution.provider() == null) {
      return Optional.empty();
    }
    Optional<ExecutionProvider> provider = ExecutionProvider.fromId(execution.provider());
    if (provider.isEmpty()) {
      return Optional.of(
          "@Providers names '"
              + execution.provider()
              + "', which "
              + NAME
              + " does not have; accepted: "
              + ExecutionProvider.ids());
    }
    if (!provider.get().devices().contains(device)) {
      return Optional.of(
          "provider "
              + provider.get().id()
              + " runs on "
              + ids(provider.get().devices())
              + ", not "
              + device.id()
              + "; declare @Devices for it, or pick a provider that runs on "
              + device.id()
              + ": "
              + Arrays.stream(ExecutionProvider.values())
                  .filter(p -> p.devices().contains(device))
                  .map(ExecutionProvider::id)
                  .toList());
    }
    return Optional.empty();
  }

  private static List<String> ids(Set<Device> devices) {
    return devices.stream().map(Device::id).toList();
  }

  /**
   * The provider a scenario uses: the one named, else the device's default; empty for an unknown
   * name.
   */
  private static Optional<ExecutionProvider> provider(Execution execution, Device device) {
    return execution.provider() == null
        ? Optional.of(ExecutionProvider.defaultFor(device))
        : ExecutionProvider.fromId(execution.provider());
  }

  @Override
  public Set<Device> providerDevices(String provider) {
    return ExecutionProvider.fromId(provider).map(ExecutionProvider::devices).orElse(Set.of());
  }

  @Override
  public Map<String, Object> resultParams(Execution execution, Device device) {
    return Map.of(
        "provider",
        provider(execution, device)
            .map(ExecutionProvider::id)
            .orElse(String.valueOf(execution.provider())));
  }

  /**
   * Why the execution provider {@code provider} ({@code cuda}) of the ONNX Runtime in this process
   * cannot start here, and what it needs; empty when it starts. For DJL's OnnxRuntime engine, which
   * runs on the same native library.
   */
  @Override
  public Optional<String> providerFailure(String provider) {
    Optional<ExecutionProvider> known = ExecutionProvider.fromId(provider);
    if (known.isEmpty()) {
      return Optional.empty();
    }
    return runtime().startFailure(known.get()).map(reason -> reason + "; " + known.get().needs());
  }

  @Override
  public Set<Device> availableDevices(Execution execution) {
    OrtRuntime runtime = runtime();
    Set<Device> devices = EnumSet.noneOf(Device.class);
    if (execution.provider() != null) {
      ExecutionProvider.fromId(execution.provider())
          .filter(p -> runtime.startFailure(p).isEmpty())
          .ifPresent(p -> devices.addAll(p.devices()));
      return devices;
    }
    for (Device device : List.of(Device.CPU, Device.CUDA, Device.ROCM)) {
      if (runtime.startFailure(ExecutionProvider.defaultFor(device)).isEmpty()) {
        devices.add(device);
      }
    }
    return devices;
  }

  @Override
  public Optional<String> unavailableReason(Execution execution, Device device) {
    OrtRuntime runtime = runtime();
    if (runtime.failure().isPresent()) {
      return Optional.of(
          NAME
              + " failed to load its native library ("
              + runtime.failure().get()
              + "); use the onnxruntime jar built for this platform ("
              + System.getProperty("os.name")
              + " "
              + System.getProperty("os.arch")
              + ") and, if -Donnxruntime.native.path is set, point it at a folder"
              + " holding that build's libraries");
    }
    Optional<ExecutionProvider> named = provider(execution, device);
    if (named.isEmpty()) {
      return Optional.of(
          "@Providers names '" + execution.provider() + "', which " + NAME + " does not have");
    }
    ExecutionProvider provider = named.get();
    if (!runtime.compiled(provider)) {
      String offers =
          execution.provider() == null
              ? "offers " + availableDevices(Execution.DEFAULT).stream().map(Device::name).toList()
              : "has providers " + runtime.compiledIds();
      return Optional.of(
          (execution.provider() == null ? device.name() : "provider " + provider.id())
              + " requested; "
              + NAME
              + " "
              + offers
              + " here; "
              + provider.howToGet());
    }
    return runtime
        .startFailure(provider)
        .map(
            reason ->
                "the "
                    + provider.id()
                    + " provider of "
                    + NAME
                    + " cannot start here ("
                    + reason
                    + "); "
                    + provider.needs());
  }

  @Override
  public Map<String, String> runtimeVersions() {
    OrtRuntime runtime;
    synchronized (OnnxRuntimeBackend.class) {
      runtime = fixed != null ? fixed : shared;
    }
    // The native library's own version: DJL's engine reports the version it was built against.
    return runtime == null || runtime.version() == null
        ? Map.of()
        : Map.of(NAME, runtime.version());
  }

  @Override
  public OpenedModel open(ModelRequest request) throws OrtException {
    Path built = request.model() == null ? build(request) : null;
    OrtEnvironment environment = runtime().environment();
    OrtSession.SessionOptions options = new OrtSession.SessionOptions();
    try {
      options.setOptimizationLevel(
          EAGER.equals(request.mode())
              ? OrtSession.SessionOptions.OptLevel.NO_OPT
              : OrtSession.SessionOptions.OptLevel.ALL_OPT);
      if (request.threads() != null) {
        options.setIntraOpNumThreads(request.threads());
      }
      for (Map.Entry<String, String> option : request.options().entrySet()) {
        options.addConfigEntry(option.getKey(), option.getValue());
      }
      provider(request.execution(), request.device()).orElseThrow().addTo(options);
      OrtSession session;
      try {
        session =
            built != null
                ? environment.createSession(built.toString(), options)
                : request.model().path() != null
                    ? environment.createSession(request.model().path().toString(), options)
                    : environment.createSession(request.model().readAllBytes(), options);
      } catch (OrtException | IOException e) {
        throw new BenchmarkConfigurationException(
            request.benchmark()
                + ": ONNX Runtime cannot open model '"
                + request.id()
                + "' from "
                + (built != null ? built : request.model())
                + " ("
                + e.getMessage()
                + "); check that the file is a complete ONNX model"
                + (request.options().isEmpty()
                    ? ""
                    : " and that @Model(options) "
                        + request.options().keySet()
                        + " are ONNX Runtime session configuration keys"));
      }
      return new Opened(environment, request, options, session, built);
    } catch (RuntimeException | OrtException e) {
      options.close();
      throw e;
    }
  }

  /**
   * The file of a model built in code by an {@link OnnxModelBuilder}, built now unless it is
   * cached.
   */
  private static Path build(ModelRequest request) {
    if (!(request.block() instanceof OnnxModelBuilder builder)) {
      throw new BenchmarkConfigurationException(
          request.benchmark()
              + ": "
              + NAME
              + " opens ONNX files and models"
              + " an OnnxModelBuilder builds; "
              + request.block().getClass().getName()
              + " is neither: a DjlBlock needs a"
              + " DjlModel parameter");
    }
    try {
      return builder.build(Path.of(Defaults.MODELS_DIR));
    } catch (NoClassDefFoundError e) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": building it needs ONNX's protobuf classes;"
              + " add org.tribuo:tribuo-util-onnx to the test classpath ("
              + e.getMessage()
              + " is missing)");
    } catch (IOException | RuntimeException e) {
      throw new BenchmarkConfigurationException(
          request.what()
              + ": "
              + builder.getClass().getName()
              + " could not build the model ("
              + e
              + ")");
    }
  }

  /** A session and what it was opened with. */
  private static final class Opened implements OpenedModel {
    private final OrtEnvironment environment;
    private final OrtSession.SessionOptions options;
    private final OrtSession session;
    private final OnnxModel model;
    private final ModelRequest request;
    private final Path built;
    private boolean closed;

    Opened(
        OrtEnvironment environment,
        ModelRequest request,
        OrtSession.SessionOptions options,
        OrtSession session,
        Path built) {
      this.built = built;
      this.environment = environment;
      this.request = request;
      this.options = options;
      this.session = session;
      this.model = new OnnxModel(environment, session);
    }

    @Override
    public Object handle() {
      return model;
    }

    @Override
    public String format() {
      return "onnx";
    }

    @Override
    public Long sizeBytes() {
      try {
        return built == null ? null : Files.size(built);
      } catch (IOException e) {
        return null;
      }
    }

    @Override
    public Path builtFile() {
      return built;
    }

    @Override
    public Generator generator(GenerationRequest generation) throws OrtException {
      long[] ids = null;
      String source = null;
      if (request.tokenizer() != null) {
        ids =
            Tokenization.prompt(
                request.tokenizer(),
                generation.batchSize(),
                generation.promptTokens(),
                request.what());
        source = "sentences tokenized by " + request.tokenizer();
      }
      return OnnxGenerator.open(
          environment, session, "'" + request.id() + "'", generation, ids, source);
    }

    @Override
    public ModelInputs inputs(Scenario scenario) throws OrtException {
      Map<String, long[]> tokens = null;
      if (request.tokenizer() != null) {
        if (!scenario.hasSequenceLength()) {
          throw new BenchmarkConfigurationException(
              request.what()
                  + " has a tokenizer but no sequence length;"
                  + " add @SequenceLengths({128})");
        }
        tokens =
            Tokenization.encode(
                request.tokenizer(),
                scenario.batchSize(),
                scenario.sequenceLength(),
                request.what());
      }
      return new SyntheticInputs(request.what())
          .build(environment, session.getInputInfo(), scenario, tokens);
    }

    @Override
    public ModelInputs wrap(Map<String, ?> tensors, String source) throws OrtException {
      return GivenInputs.check(request.what(), source, session.getInputInfo(), tensors);
    }

    @Override
    public void run(ModelInputs inputs) throws OrtException {
      try (OrtSession.Result result = model.run(inputs)) {
        result.size();
      }
    }

    @Override
    public void close() throws OrtException {
      // ONNX Runtime's SessionOptions throw when closed twice; closing a model is idempotent.
      if (closed) {
        return;
      }
      closed = true;
      try {
        session.close();
      } finally {
        options.close();
      }
    }
  }
}
