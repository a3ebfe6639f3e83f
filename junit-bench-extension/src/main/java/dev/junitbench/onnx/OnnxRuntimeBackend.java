package dev.junitbench.onnx;

import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import dev.junitbench.Device;
import dev.junitbench.ModelInputs;
import dev.junitbench.Scenario;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.model.Tokenization;
import java.util.Map;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.OpenedModel;
import java.util.EnumSet;
import java.util.Set;

/**
 * Runs ONNX models with ONNX Runtime: CPU always, CUDA and ROCm where the runtime on the classpath
 * offers their execution providers. Found through {@link java.util.ServiceLoader}; skipped when ONNX
 * Runtime is not on the classpath.
 */
public final class OnnxRuntimeBackend implements Backend {

  /** The backend's name in messages and result files. */
  public static final String NAME = "onnxruntime";

  private final OrtEnvironment environment = OrtEnvironment.getEnvironment();
  private final Set<Device> devices = probe();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<Device> availableDevices() {
    return devices;
  }

  private static Set<Device> probe() {
    Set<Device> devices = EnumSet.of(Device.CPU);
    for (OrtProvider provider : OrtEnvironment.getAvailableProviders()) {
      switch (provider) {
        case CUDA, TENSOR_RT -> devices.add(Device.CUDA);
        case ROCM, MI_GRAPH_X -> devices.add(Device.ROCM);
        default -> { }
      }
    }
    return devices;
  }

  @Override
  public String runtimeVersion() {
    // The native library's own version: DJL's engine reports the version it was built against.
    return environment.getVersion();
  }

  /** Graph optimizations off. */
  public static final String EAGER = "eager";
  /** All graph optimizations, ONNX Runtime's default. */
  public static final String OPTIMIZED = "optimized";

  @Override
  public java.util.List<String> modes() {
    return java.util.List.of(OPTIMIZED, EAGER);
  }

  @Override
  public Set<Class<?>> modelTypes() {
    return Set.of(OnnxModel.class);
  }

  @Override
  public OpenedModel open(ModelRequest request) throws OrtException {
    OrtSession.SessionOptions options = new OrtSession.SessionOptions();
    try {
      options.setOptimizationLevel(EAGER.equals(request.mode())
          ? OrtSession.SessionOptions.OptLevel.NO_OPT : OrtSession.SessionOptions.OptLevel.ALL_OPT);
      if (request.threads() != null) {
        options.setIntraOpNumThreads(request.threads());
      }
      if (request.device() == Device.CUDA) {
        options.addCUDA(0);
      } else if (request.device() == Device.ROCM) {
        options.addROCM(0);
      }
      OrtSession session;
      try {
        session = request.model().path() != null
            ? environment.createSession(request.model().path().toString(), options)
            : environment.createSession(request.model().readAllBytes(), options);
      } catch (OrtException | java.io.IOException e) {
        throw new BenchmarkConfigurationException(request.benchmark() + ": ONNX Runtime cannot open model '"
            + request.id() + "' from " + request.model() + " (" + e.getMessage()
            + "); check that the file is a complete ONNX model");
      }
      return new Opened(request, options, session);
    } catch (RuntimeException | OrtException e) {
      options.close();
      throw e;
    }
  }

  /** A session and what it was opened with. */
  private final class Opened implements OpenedModel {
    private final OrtSession.SessionOptions options;
    private final OrtSession session;
    private final OnnxModel model;
    private final SyntheticInputs synthetic;
    private final ModelRequest request;
    private final String what;

    Opened(ModelRequest request, OrtSession.SessionOptions options, OrtSession session) {
      this.request = request;
      this.what = request.benchmark() + ", model '" + request.id() + "'";
      this.options = options;
      this.session = session;
      this.model = new OnnxModel(environment, session);
      this.synthetic = new SyntheticInputs(what);
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
    public ModelInputs inputs(Scenario scenario) throws OrtException {
      Map<String, long[]> tokens = null;
      if (request.tokenizer() != null) {
        if (!scenario.hasSequenceLength()) {
          throw new BenchmarkConfigurationException(what + " has a tokenizer but no sequence length;"
              + " add @SequenceLengths({128})");
        }
        tokens = Tokenization.encode(request.tokenizer(), scenario.batchSize(), scenario.sequenceLength(), what);
      }
      return synthetic.build(environment, session.getInputInfo(), scenario, tokens);
    }

    @Override
    public void run(ModelInputs inputs) throws OrtException {
      try (OrtSession.Result result = model.run(inputs)) {
        result.size();
      }
    }

    @Override
    public void close() throws OrtException {
      try {
        session.close();
      } finally {
        options.close();
      }
    }
  }
}
