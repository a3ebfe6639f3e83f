package dev.junitbench.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import ai.onnxruntime.OnnxTensor;
import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.onnx.OnnxRuntimeBackend;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.spi.contract.BackendContract;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

@DisplayName("The backend contract")
class BackendContractTests {

  @Test
  @DisplayName("fails a backend that breaks it, each case on what that backend breaks")
  void failsABrokenBackend() throws Exception {
    TinyModels.write();
    EngineExecutionResults results =
        EngineTestKit.engine("junit-jupiter")
            .enableImplicitConfigurationParameters(false)
            .configurationParameter(BrokenBackendTestCases.RUN, "true")
            .selectors(selectClass(BrokenBackendTestCases.class))
            .execute();
    Map<String, String> failures = new TreeMap<>();
    results
        .testEvents()
        .failed()
        .list()
        .forEach(
            event ->
                failures.put(
                    event.getTestDescriptor().getDisplayName(),
                    event
                        .getPayload(TestExecutionResult.class)
                        .orElseThrow()
                        .getThrowable()
                        .orElseThrow()
                        .getMessage()));
    assertThat(failures).hasSize(8);
    assertThat(failures)
        .hasEntrySatisfying(
            "opens a model on each device it serves, handing a handle of one of its"
                + " model types",
            message -> assertThat(message).contains("[format()]").contains("ONNX"));
    assertThat(failures)
        .hasEntrySatisfying(
            "builds inputs for batch sizes 1 and 2, each input with the scenario's"
                + " batch on its first axis",
            message -> assertThat(message).contains("[shape of input 'x' at batch size 2]"));
    assertThat(failures)
        .hasEntrySatisfying(
            "rejects inputs a factory made that do not fit the model, naming the"
                + " input and the factory",
            message ->
                assertThat(message).contains("[wrap() of an input the model does not have]"));
    assertThat(failures)
        .hasEntrySatisfying(
            "runs the model on inputs of batch sizes 1 and 2, again and again",
            message ->
                assertThat(message)
                    .contains("[run 3 at batch size 1]")
                    .contains("out of sessions"));
    assertThat(failures)
        .hasEntrySatisfying(
            "closes a model twice without failing, and a closed model refuses to run"
                + " or build inputs",
            message -> assertThat(message).contains("[the second close()]"));
    assertThat(failures)
        .hasEntrySatisfying(
            "says why each device it does not serve here is unavailable, without" + " throwing",
            message ->
                assertThat(message)
                    .contains("[unavailableReason(CUDA) of a device it does not serve]"));
    assertThat(failures)
        .hasEntrySatisfying(
            "rejects a provider it lacks or on a device it does not run on, and says"
                + " why one cannot start here",
            message ->
                assertThat(message)
                    .contains("[invalidReason of provider" + " 'no-such-provider']"));
    assertThat(failures)
        .hasEntrySatisfying(
            "fails on a truncated or missing model file with an exception naming the"
                + " model and the file",
            message -> assertThat(message).contains("'matmul'").contains("cannot open"));
  }

  /**
   * The ONNX Runtime backend broken once for each case of the contract; skipped unless run from the
   * test above.
   */
  @ExtendWith(BrokenBackendTestCases.class)
  static class BrokenBackendTestCases extends BackendContract implements ExecutionCondition {

    /**
     * Set by the test above: a build that selects this class by name (-Dtest) must not see it fail.
     */
    static final String RUN = "backend-contract.broken-backend";

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      return context.getConfigurationParameter(RUN).isPresent()
          ? ConditionEvaluationResult.enabled("run by the test kit")
          : ConditionEvaluationResult.disabled(
              "a fixture that fails on purpose; "
                  + BackendContractTests.class.getName()
                  + " runs it");
    }

    @Override
    protected Backend backend() {
      return new BrokenBackend(new OnnxRuntimeBackend());
    }

    @Override
    protected ModelRequest modelRequest(Device device) {
      return new ModelRequest(
          "Broken#matmul",
          "matmul",
          ModelSource.resolve(
              TinyModels.DIR.resolve("matmul.onnx").toString(),
              getClass().getClassLoader(),
              "Broken#matmul"),
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

  private record BrokenBackend(Backend real) implements Backend {
    @Override
    public String name() {
      return "broken";
    }

    @Override
    public Set<Class<?>> modelTypes() {
      return real.modelTypes();
    }

    @Override
    public List<String> modes() {
      return real.modes();
    }

    @Override
    public Set<Device> availableDevices(Execution execution) {
      return real.availableDevices(execution);
    }

    /** Claims every device. */
    @Override
    public Optional<String> unavailableReason(Execution execution, Device device) {
      return Optional.empty();
    }

    /** Accepts every provider. */
    @Override
    public Optional<String> invalidReason(Execution execution, Scenario scenario) {
      return Optional.empty();
    }

    @Override
    public Map<String, String> runtimeVersions() {
      return real.runtimeVersions();
    }

    /** Loses the model's name on a bad file. */
    @Override
    public OpenedModel open(ModelRequest request) throws Exception {
      try {
        return new BrokenModel(real.open(request));
      } catch (BenchmarkConfigurationException e) {
        throw new IllegalStateException("cannot open " + request.model());
      }
    }
  }

  /**
   * Spells its format its own way, builds batch 1 whatever the scenario, lets anything in, fails on
   * closing twice.
   */
  private static final class BrokenModel implements OpenedModel {
    private final OpenedModel real;
    private int runs;
    private boolean closed;

    BrokenModel(OpenedModel real) {
      this.real = real;
    }

    @Override
    public Object handle() {
      return real.handle();
    }

    @Override
    public String format() {
      return "ONNX";
    }

    @Override
    public ModelInputs inputs(Scenario scenario) throws Exception {
      return real.inputs(
          new Scenario(
              "Broken#matmul",
              scenario.device(),
              scenario.device(),
              1,
              null,
              null,
              null,
              null,
              Map.of(),
              null));
    }

    @Override
    public ModelInputs wrap(Map<String, ?> tensors, String source) {
      return new ModelInputs(tensors, () -> {});
    }

    @Override
    public void run(ModelInputs inputs) throws Exception {
      if (++runs > 2) {
        throw new IllegalStateException("out of sessions");
      }
      real.run(inputs);
    }

    @Override
    public void close() throws Exception {
      if (closed) {
        throw new IllegalStateException("closed twice");
      }
      closed = true;
      real.close();
    }
  }
}
