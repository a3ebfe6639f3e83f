package dev.junitbench.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import dev.junitbench.TestScenarios;
import dev.junitbench.backends.Backends;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.Scenario;
import dev.junitbench.spi.Execution;
import java.nio.FloatBuffer;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The ONNX Runtime backend's devices and providers. No GPU is at hand where this project is built,
 * so GPU builds are faked: the list of providers compiled in and the outcome of starting each.
 */
@DisplayName("ONNX Runtime's execution providers")
class ExecutionProviderTests {

  private static final String NO_TENSORRT = "libnvinfer.so.10: cannot open shared object file";

  /** A GPU build on a machine with CUDA but without TensorRT's libraries. */
  private static OnnxRuntimeBackend gpuBuild() {
    return new OnnxRuntimeBackend(
        new OrtRuntime(
            null,
            "1.29.0",
            EnumSet.of(OrtProvider.CPU, OrtProvider.CUDA, OrtProvider.TENSOR_RT),
            p -> p == ExecutionProvider.TENSORRT ? Optional.of(NO_TENSORRT) : Optional.empty()));
  }

  private static Scenario on(Device device) {
    return TestScenarios.on(device, null, null);
  }

  private static Execution provider(String name) {
    return new Execution(null, name);
  }

  @Test
  @DisplayName("serve the devices whose providers start, and Device.AUTO picks the GPU among them")
  void devicesOfAGpuBuild() {
    OnnxRuntimeBackend backend = gpuBuild();
    assertThat(backend.availableDevices(Execution.DEFAULT))
        .containsExactlyInAnyOrder(Device.CPU, Device.CUDA);
    assertThat(backend.availableDevices(provider("cuda"))).containsExactly(Device.CUDA);
    assertThat(backend.availableDevices(provider("tensorrt"))).isEmpty();
    assertThat(Backends.preferred(backend.availableDevices(Execution.DEFAULT)))
        .isEqualTo(Device.CUDA);
    assertThat(Backends.preferred(backend.availableDevices(provider("tensorrt"))))
        .isEqualTo(Device.CPU);
    assertThat(backend.unavailableReason(Execution.DEFAULT, Device.CUDA)).isEmpty();
    assertThat(backend.unavailableReason(provider("cuda"), Device.CUDA)).isEmpty();
    assertThat(backend.resultParams(Execution.DEFAULT, Device.CUDA))
        .isEqualTo(Map.of("provider", "cuda"));
    assertThat(backend.resultParams(provider("tensorrt"), Device.CUDA))
        .isEqualTo(Map.of("provider", "tensorrt"));
    assertThat(backend.runtimeVersions()).isEqualTo(Map.of("onnxruntime", "1.29.0"));
  }

  @Test
  @DisplayName("say why a provider that is compiled in cannot start, and how to get it")
  void providerThatCannotStart() {
    assertThat(gpuBuild().unavailableReason(provider("tensorrt"), Device.CUDA))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .isEqualTo(
                        "the tensorrt provider of onnxruntime cannot start here ("
                            + NO_TENSORRT
                            + "); it needs an NVIDIA GPU, its driver, and CUDA 12, cuDNN 9 and TensorRT 10 libraries on the library"
                            + " path (LD_LIBRARY_PATH)"));
  }

  @Test
  @DisplayName("say which devices and providers a build has when the one asked for is not in it")
  void deviceOrProviderNotInTheBuild() {
    OnnxRuntimeBackend backend = gpuBuild();
    assertThat(backend.unavailableReason(Execution.DEFAULT, Device.ROCM))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith(
                        "ROCM requested; onnxruntime offers [CPU, CUDA] here; Maven Central has no"
                            + " ROCm build of ONNX Runtime for Java"));
    assertThat(backend.unavailableReason(provider("openvino"), Device.CPU))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .isEqualTo(
                        "provider openvino requested; onnxruntime has providers [cpu, cuda, tensorrt]"
                            + " here; build ONNX Runtime with --use_openvino --build_java and put its jar on the test classpath"));
  }

  @Test
  @DisplayName("reject a provider on a device it does not run on, an unknown one, and an engine")
  void invalidCombinations() {
    OnnxRuntimeBackend backend = gpuBuild();
    assertThat(backend.invalidReason(provider("tensorrt"), on(Device.CPU)))
        .hasValue(
            "provider tensorrt runs on [cuda],"
                + " not cpu; declare @Devices for it, or pick a provider that runs on cpu: [cpu, openvino, dnnl, xnnpack,"
                + " coreml]");
    assertThat(backend.invalidReason(provider("TensorRT"), on(Device.CUDA))).isEmpty();
    assertThat(backend.invalidReason(provider("directml"), on(Device.ROCM))).isEmpty();
    assertThat(backend.unavailableReason(provider("tpu"), Device.CPU))
        .hasValue("@Providers names 'tpu', which" + " onnxruntime does not have");
    assertThat(backend.providerDevices("tensorrt")).containsExactly(Device.CUDA);
    assertThat(backend.invalidReason(provider("tpu"), on(Device.CPU)))
        .hasValue(
            "@Providers names 'tpu', which"
                + " onnxruntime does not have; accepted: [cpu, cuda, tensorrt, rocm, openvino, dnnl, xnnpack, coreml, directml]");
    assertThat(backend.invalidReason(new Execution("PyTorch", null), on(Device.CPU)))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith(
                        "@Model(engine = \"PyTorch\"): onnxruntime runs ONNX models itself"));
  }

  @Test
  @DisplayName(
      "report a native library that failed to load for every device, and no runtime version")
  void nativeLibraryFailed() {
    OnnxRuntimeBackend backend =
        new OnnxRuntimeBackend(
            OrtRuntime.failed(
                "java.io.IOException: Native library 'onnxruntime' not found at /nowhere/libonnxruntime.so"));
    assertThat(backend.availableDevices(Execution.DEFAULT)).isEmpty();
    assertThat(backend.runtimeVersions()).isEmpty();
    for (Device device : Set.of(Device.CPU, Device.CUDA)) {
      assertThat(backend.unavailableReason(Execution.DEFAULT, device))
          .hasValueSatisfying(
              reason ->
                  assertThat(reason)
                      .startsWith(
                          "onnxruntime failed to load its native library (java.io.IOException: Native library"
                              + " 'onnxruntime' not found at /nowhere/libonnxruntime.so); use the onnxruntime jar built for this"
                              + " platform (")
                      .endsWith(
                          "and, if -Donnxruntime.native.path is set, point it at a folder holding that build's libraries"));
    }
  }

  @Test
  @DisplayName(
      "probe a provider by really starting it: CUDA listed but its libraries absent, as on a GPU build here")
  void realProbeOfCuda() {
    OrtEnvironment environment = OrtRuntime.load().environment();
    // The real start-up path with the provider listed as compiled in, as onnxruntime_gpu lists it.
    OnnxRuntimeBackend backend =
        new OnnxRuntimeBackend(
            new OrtRuntime(
                environment,
                environment.getVersion(),
                EnumSet.of(OrtProvider.CPU, OrtProvider.CUDA),
                p -> OrtRuntime.start(environment, p)));
    assertThat(backend.availableDevices(Execution.DEFAULT)).containsExactly(Device.CPU);
    assertThat(backend.unavailableReason(Execution.DEFAULT, Device.CUDA))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith(
                        "the cuda provider of onnxruntime cannot start here (ai.onnxruntime.OrtException:")
                    .contains("CUDA"));
  }

  @Test
  @DisplayName("of the CPU build from Maven Central: only cpu, and CUDA aborted with what to do")
  void cpuBuild() {
    OnnxRuntimeBackend backend = new OnnxRuntimeBackend(OrtRuntime.load());
    assertThat(backend.availableDevices(Execution.DEFAULT)).containsExactly(Device.CPU);
    assertThat(backend.runtimeVersions()).containsEntry("onnxruntime", OrtRuntime.load().version());
    assertThat(backend.unavailableReason(Execution.DEFAULT, Device.CUDA))
        .hasValueSatisfying(
            reason ->
                assertThat(reason)
                    .startsWith(
                        "CUDA requested; onnxruntime offers [CPU] here; use ONNX Runtime's GPU build"
                            + " (mvn -Pgpu"));
  }

  @Test
  @DisplayName("start with a probe model that ONNX Runtime opens and runs")
  void probeModelRuns() throws Exception {
    OrtEnvironment environment = OrtRuntime.load().environment();
    try (OrtSession session = environment.createSession(ProbeModel.bytes());
        OnnxTensor x =
            OnnxTensor.createTensor(
                environment, FloatBuffer.wrap(new float[] {4.5f}), new long[] {1});
        OrtSession.Result result = session.run(Map.of("x", x))) {
      assertThat(((float[]) result.get("y").orElseThrow().getValue())).containsExactly(4.5f);
    }
    assertThat(OrtRuntime.start(environment, ExecutionProvider.CPU)).isEmpty();
  }
}
