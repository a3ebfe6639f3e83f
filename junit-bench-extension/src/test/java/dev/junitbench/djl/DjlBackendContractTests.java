package dev.junitbench.djl;

import ai.djl.ndarray.NDArray;
import dev.junitbench.infra.Device;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.ModelSource;
import dev.junitbench.spi.contract.BackendContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

/**
 * DJL held to the contract with a block on its PyTorch engine, and an ONNX file on its OnnxRuntime
 * engine.
 */
@DisplayName("The DJL backend, held to the backend contract")
// tag::contract[]
class DjlBackendContractTests extends BackendContract {

  @BeforeAll
  static void models() throws Exception {
    TinyModels.write();
  }

  @Override
  protected Backend backend() {
    return new DjlBackend();
  }

  @Override
  protected ModelRequest modelRequest(Device device) {
    return new ModelRequest(
        getClass().getName() + "#mlp",
        "TinyMlp",
        null,
        new DjlBackendTests.DjlTestCases.TinyMlp(),
        null,
        new Execution(DjlBackend.PYTORCH, null),
        Map.of(),
        device,
        null,
        null);
  }

  @Override
  protected ModelRequest modelFileRequest() {
    String benchmark = getClass().getName() + "#matmul";
    return new ModelRequest(
        benchmark,
        "matmul",
        ModelSource.resolve(
            "target/test-models/matmul.onnx", getClass().getClassLoader(), benchmark),
        null,
        null,
        new Execution(DjlBackend.ONNX_RUNTIME, null),
        Map.of(),
        Device.CPU,
        null,
        null);
  }

  @Override
  protected long[] shape(Object tensor) {
    return ((NDArray) tensor).getShape().getShape();
  }
}
// end::contract[]
