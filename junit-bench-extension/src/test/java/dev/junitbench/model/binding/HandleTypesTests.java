package dev.junitbench.model.binding;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import ai.djl.inference.Predictor;
import ai.onnxruntime.OrtSession;
import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.djl.DjlBackend;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.OnnxRuntimeBackend;
import dev.junitbench.spi.Backend;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A @Model parameter of a type no backend opens")
class HandleTypesTests {

  private static final String BENCHMARK = "x.Embed#embed";

  private static String refused(Class<?> type, Backend... present) {
    ModelSpec spec =
        new ModelSpec("classpath:model.onnx", void.class, "", "", "", List.of(), type, null, null);
    Throwable thrown =
        catchThrowable(() -> ModelBinding.bind(BENCHMARK, spec, new Backends(List.of(present))));
    assertThat(thrown).isInstanceOf(BenchmarkConfigurationException.class);
    return thrown.getMessage();
  }

  @Test
  @DisplayName(
      "of the runtime present names the types opened and the handle's method that gives it, not a"
          + " missing runtime")
  void runtimeTypeWithItsRuntimePresent() {
    assertThat(refused(OrtSession.class, new OnnxRuntimeBackend(), new DjlBackend()))
        .isEqualTo(
            BENCHMARK
                + ": no backend opens @Model parameters of type ai.onnxruntime.OrtSession. Declare"
                + " the parameter as dev.junitbench.onnx.OnnxModel (onnxruntime) or"
                + " dev.junitbench.djl.DjlModel (djl) and take the OrtSession from it with"
                + " OnnxModel.session(), e.g. @Model(\"classpath:model.onnx\") OnnxModel model")
        .doesNotContain("add ");
    assertThat(refused(Predictor.class, new OnnxRuntimeBackend(), new DjlBackend()))
        .contains("take the Predictor from it with DjlModel.predictor()");
  }

  @Test
  @DisplayName("of a runtime that is absent says which dependency to add")
  void runtimeAbsent() {
    assertThat(refused(OnnxModel.class, new DjlBackend()))
        .isEqualTo(
            BENCHMARK
                + ": @Model parameters of type dev.junitbench.onnx.OnnxModel are opened by the"
                + " onnxruntime backend, whose runtime is not on the test classpath; add"
                + " com.microsoft.onnxruntime:onnxruntime (onnxruntime_gpu for CUDA) as a test"
                + " dependency");
    assertThat(refused(OrtSession.class, new DjlBackend()))
        .contains("Declare the parameter as dev.junitbench.djl.DjlModel (djl), e.g.")
        .endsWith(
            ". ai.onnxruntime.OrtSession belongs to onnxruntime, whose backend is not on the test"
                + " classpath: add com.microsoft.onnxruntime:onnxruntime (onnxruntime_gpu for"
                + " CUDA) as a test dependency and take a dev.junitbench.onnx.OnnxModel parameter");
  }

  @Test
  @DisplayName("with no backend at all names both runtimes to add")
  void noBackend() {
    assertThat(refused(String.class))
        .isEqualTo(
            BENCHMARK
                + ": no backend opens @Model parameters of type java.lang.String. No backend is on"
                + " the test classpath; add com.microsoft.onnxruntime:onnxruntime (onnxruntime_gpu"
                + " for CUDA) for dev.junitbench.onnx.OnnxModel, or ai.djl:api and an engine"
                + " (ai.djl.onnxruntime:onnxruntime-engine, ai.djl.pytorch:pytorch-engine) for"
                + " dev.junitbench.djl.DjlModel");
    assertThatThrownBy(() -> refused(OnnxModel.class, new OnnxRuntimeBackend()))
        .as("a type a backend opens is bound")
        .isInstanceOf(AssertionError.class);
  }
}
