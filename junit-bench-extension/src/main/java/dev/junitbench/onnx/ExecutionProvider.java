package dev.junitbench.onnx;

import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtProvider;
import ai.onnxruntime.OrtSession;
import dev.junitbench.infra.Device;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The ONNX Runtime execution providers junit-bench can add to a session, each with the devices it
 * runs on and what a user needs to get it.
 */
enum ExecutionProvider {
  CPU(OrtProvider.CPU, EnumSet.of(Device.CPU), "it is in every build", "nothing"),
  CUDA(
      OrtProvider.CUDA,
      EnumSet.of(Device.CUDA),
      "use ONNX Runtime's GPU build (mvn -Pgpu, com.microsoft.onnxruntime:onnxruntime_gpu) on a machine with an"
          + " NVIDIA GPU, its driver, CUDA 12 and cuDNN 9",
      "it needs an NVIDIA GPU, its driver, and CUDA 12 and cuDNN 9 libraries on the library path (LD_LIBRARY_PATH)"),
  TENSORRT(
      OrtProvider.TENSOR_RT,
      EnumSet.of(Device.CUDA),
      "use ONNX Runtime's GPU build (mvn -Pgpu, com.microsoft.onnxruntime:onnxruntime_gpu) on a machine with an"
          + " NVIDIA GPU, its driver, CUDA 12, cuDNN 9 and TensorRT 10 on the library path",
      "it needs an NVIDIA GPU, its driver, and CUDA 12, cuDNN 9 and TensorRT 10 libraries on the library path"
          + " (LD_LIBRARY_PATH)"),
  ROCM(
      OrtProvider.ROCM,
      EnumSet.of(Device.ROCM),
      "Maven Central has no ROCm build of ONNX Runtime for Java: build it with --use_rocm --build_java and put"
          + " its jar on the test classpath, on a machine with an AMD GPU and ROCm",
      "it needs an AMD GPU and ROCm's libraries on the library path"),
  OPENVINO(
      OrtProvider.OPEN_VINO,
      EnumSet.of(Device.CPU),
      "build ONNX Runtime with --use_openvino --build_java and put its jar on the test classpath",
      "it needs OpenVINO's libraries on the library path"),
  DNNL(
      OrtProvider.DNNL,
      EnumSet.of(Device.CPU),
      "build ONNX Runtime with --use_dnnl --build_java and put its jar on the test classpath",
      "it needs oneDNN's library on the library path"),
  XNNPACK(
      OrtProvider.XNNPACK,
      EnumSet.of(Device.CPU),
      "build ONNX Runtime with --use_xnnpack --build_java and put its jar on the test classpath",
      "check the build's XNNPACK support for this CPU"),
  COREML(
      OrtProvider.CORE_ML,
      EnumSet.of(Device.CPU),
      "run on macOS, where the onnxruntime jar includes Core ML",
      "it needs macOS with Core ML"),
  DIRECTML(
      OrtProvider.DIRECT_ML,
      EnumSet.of(Device.CUDA, Device.ROCM),
      "run on Windows with ONNX Runtime's DirectML build (com.microsoft.onnxruntime:onnxruntime_directml)",
      "it needs Windows with a DirectX 12 GPU and its driver");

  private final OrtProvider ort;
  private final Set<Device> devices;
  private final String howToGet;
  private final String needs;

  ExecutionProvider(OrtProvider ort, Set<Device> devices, String howToGet, String needs) {
    this.ort = ort;
    this.devices = devices;
    this.howToGet = howToGet;
    this.needs = needs;
  }

  /** The name {@code @Providers} uses and results record: {@code tensorrt}. */
  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** ONNX Runtime's own constant, as {@code OrtEnvironment.getAvailableProviders()} lists it. */
  OrtProvider ort() {
    return ort;
  }

  /** The devices it runs on. */
  Set<Device> devices() {
    return devices;
  }

  /** Where a build that has it comes from, for messages. */
  String howToGet() {
    return howToGet;
  }

  /** What it needs at run time once the build has it, for messages. */
  String needs() {
    return needs;
  }

  /** Every id, for messages. */
  static List<String> ids() {
    return Arrays.stream(values()).map(ExecutionProvider::id).toList();
  }

  /** The provider called {@code id}, case-insensitive. */
  static Optional<ExecutionProvider> fromId(String id) {
    return Arrays.stream(values()).filter(p -> p.id().equalsIgnoreCase(id.trim())).findFirst();
  }

  /** The provider a scenario on {@code device} uses when {@code @Providers} names none. */
  static ExecutionProvider defaultFor(Device device) {
    return switch (device) {
      case CUDA -> CUDA;
      case ROCM -> ROCM;
      default -> CPU;
    };
  }

  /**
   * Adds this provider to {@code options} for device 0. TensorRT falls back to CUDA for the nodes
   * it cannot take, as ONNX Runtime recommends.
   */
  void addTo(OrtSession.SessionOptions options) throws OrtException {
    switch (this) {
      case CPU -> {}
      case CUDA -> options.addCUDA(0);
      case TENSORRT -> {
        options.addTensorrt(0);
        options.addCUDA(0);
      }
      case ROCM -> options.addROCM(0);
      case OPENVINO -> options.addOpenVINO("CPU");
      case DNNL -> options.addDnnl(true);
      case XNNPACK -> options.addXnnpack(Map.of());
      case COREML -> options.addCoreML();
      case DIRECTML -> options.addDirectML(0);
    }
  }
}
