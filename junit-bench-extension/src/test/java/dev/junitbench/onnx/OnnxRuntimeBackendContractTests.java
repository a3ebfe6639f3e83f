package dev.junitbench.onnx;

import ai.onnxruntime.OnnxTensor;
import dev.junitbench.infra.Device;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.ModelSource;
import dev.junitbench.spi.contract.BackendContract;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;

@DisplayName("The ONNX Runtime backend, held to the backend contract")
class OnnxRuntimeBackendContractTests extends BackendContract {

  private static final String MATMUL = "target/test-models/matmul.onnx";

  @BeforeAll
  static void models() throws Exception {
    TinyModels.write();
  }

  @Override
  protected Backend backend() {
    return new OnnxRuntimeBackend();
  }

  @Override
  protected ModelRequest modelRequest(Device device) {
    String benchmark = getClass().getName() + "#matmul";
    return new ModelRequest(
        benchmark,
        "matmul",
        ModelSource.resolve(MATMUL, getClass().getClassLoader(), benchmark),
        null,
        null,
        Execution.DEFAULT,
        Map.of(),
        device,
        null,
        null);
  }

  @Override
  protected ModelRequest modelFileRequest() {
    return modelRequest(Device.CPU);
  }

  @Override
  protected long[] shape(Object tensor) {
    return ((OnnxTensor) tensor).getInfo().getShape();
  }
}
