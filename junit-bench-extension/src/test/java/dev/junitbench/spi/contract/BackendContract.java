package dev.junitbench.spi.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.config.BenchmarkConfigurationException;
import dev.junitbench.infra.Device;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.spi.Backend;
import dev.junitbench.spi.Execution;
import dev.junitbench.spi.ModelRequest;
import dev.junitbench.spi.ModelSource;
import dev.junitbench.spi.OpenedModel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every {@link Backend} does, whatever its runtime: open a model, build its inputs for a
 * scenario, run it, close it, say why a device or provider cannot serve, and fail on a broken model
 * file with a message that names it. The ONNX Runtime and DJL backends pass it; a backend of your
 * own passes it by extending this class with the backend and two small model requests.
 *
 * <p>Ships in the extension's test-jar ({@code <type>test-jar</type>}), which needs JUnit Jupiter
 * and AssertJ on the test class path. Every test opens its models afresh and closes them.
 *
 * @since 0.1.0
 */
@API(status = API.Status.EXPERIMENTAL, since = "0.1.0")
public abstract class BackendContract {

  /** The batch sizes every model is asked to take. */
  private static final List<Integer> BATCH_SIZES = List.of(1, 2);

  /** The devices a model can run on; {@link Device#AUTO} is resolved before a backend sees it. */
  private static final List<Device> DEVICES = List.of(Device.CPU, Device.CUDA, Device.ROCM);

  /** A provider no backend has. */
  private static final String UNKNOWN_PROVIDER = "no-such-provider";

  @TempDir Path dir;

  /** The backend under test, created as {@link java.util.ServiceLoader} creates it. */
  protected abstract Backend backend();

  /**
   * A small model on {@code device} whose inputs the backend builds itself ({@link
   * OpenedModel#inputs}): every input has the batch as its first axis, so batch sizes 1 and 2 both
   * fit. A file or a model built in code; its execution names what the backend needs (an engine,
   * say), and no provider.
   */
  protected abstract ModelRequest modelRequest(Device device);

  /**
   * A small model file the backend opens on the CPU ({@link ModelRequest#model()} not null). The
   * contract opens it as it is, then a truncated copy and a copy that is gone, keeping the file
   * name.
   */
  protected abstract ModelRequest modelFileRequest();

  /**
   * The shape of {@code tensor}, one of the inputs the backend built (an {@code OnnxTensor}, say).
   */
  protected abstract long[] shape(Object tensor);

  /** The scenario of {@code request} with {@code batchSize}, as the extension makes it. */
  protected Scenario scenario(ModelRequest request, int batchSize) {
    return new Scenario(
        request.benchmark(),
        request.device(),
        request.device(),
        batchSize,
        null,
        request.execution().provider(),
        request.mode(),
        request.threads(),
        Map.of(),
        null);
  }

  private Set<Device> served(Backend backend, Execution execution) {
    Set<Device> devices = backend.availableDevices(execution);
    assertThat(devices)
        .as(
            "the devices %s serves here with %s; on the CPU: %s",
            backend.name(), execution, backend.unavailableReason(execution, Device.CPU))
        .isNotEmpty()
        .doesNotContain(Device.AUTO);
    return devices;
  }

  @Test
  @DisplayName("opens a model on each device it serves, handing a handle of one of its model types")
  public void opensModel() throws Exception {
    Backend backend = backend();
    assertThat(backend.name()).as("name()").isNotBlank().doesNotContainAnyWhitespaces();
    assertThat(backend.modelTypes()).as("modelTypes()").isNotEmpty();
    ModelRequest cpu = modelRequest(Device.CPU);
    for (Device device : served(backend, cpu.execution())) {
      ModelRequest request = modelRequest(device);
      assertThat(backend.invalidReason(request.execution(), scenario(request, 1)))
          .as("invalidReason of the model request on %s", device)
          .isEmpty();
      assertThat(backend.unavailableReason(request.execution(), device))
          .as("unavailableReason of a device availableDevices names")
          .isEmpty();
      try (OpenedModel opened = backend.open(request)) {
        Object handle = opened.handle();
        assertThat(handle).as("handle()").isNotNull();
        assertThat(backend.modelTypes())
            .as("modelTypes() holds the type of the handle %s", handle.getClass())
            .anyMatch(type -> type.isInstance(handle));
        assertThat(opened.format()).as("format()").matches("[a-z0-9][a-z0-9_-]*");
        if (request.model() == null) {
          // A model built in code has no file of the request's: its result's size and hash come
          // from here.
          assertThat(opened.sizeBytes())
              .as("sizeBytes() of a model built in code")
              .isNotNull()
              .isPositive();
          if (opened.builtFile() != null) {
            assertThat(opened.builtFile())
                .as("builtFile() of a model built in code")
                .isRegularFile();
          }
        }
      }
    }
    assertThat(backend.runtimeVersions())
        .as("runtimeVersions() once a model was opened")
        .isNotEmpty()
        .allSatisfy(
            (runtime, version) -> {
              assertThat(runtime).isNotBlank();
              assertThat(version).isNotBlank();
            });
  }

  @Test
  @DisplayName(
      "builds inputs for batch sizes 1 and 2, each input with the scenario's batch on its first axis")
  public void buildsInputs() throws Exception {
    ModelRequest request = modelRequest(Device.CPU);
    try (OpenedModel opened = backend().open(request)) {
      Set<String> names = null;
      for (int batchSize : BATCH_SIZES) {
        try (ModelInputs inputs = opened.inputs(scenario(request, batchSize))) {
          assertThat(inputs.names()).as("input names at batch size %d", batchSize).isNotEmpty();
          if (names != null) {
            assertThat(inputs.names())
                .as("input names at batch size %d", batchSize)
                .isEqualTo(names);
          }
          names = inputs.names();
          for (String name : inputs.names()) {
            long[] shape = shape(inputs.get(name, Object.class));
            assertThat(shape)
                .as("shape of input '%s' at batch size %d", name, batchSize)
                .isNotEmpty()
                .startsWith(batchSize);
          }
          assertThat(inputs.argument(Object.class))
              .as("argument() at batch size %d", batchSize)
              .isNotNull();
        }
      }
    }
  }

  @Test
  @DisplayName(
      "rejects inputs a factory made that do not fit the model, naming the input and the factory")
  public void rejectsInputsThatDoNotFit() throws Exception {
    ModelRequest request = modelRequest(Device.CPU);
    try (OpenedModel opened = backend().open(request)) {
      assertThatThrownBy(
              () -> opened.wrap(Map.of("no-such-input", "not a tensor"), "ContractInputs").close(),
              "wrap() of an input the model does not have")
          .isInstanceOf(BenchmarkConfigurationException.class)
          .hasMessageContaining("no-such-input")
          .hasMessageContaining("ContractInputs");
    }
  }

  @Test
  @DisplayName("runs the model on inputs of batch sizes 1 and 2, again and again")
  public void runsInference() throws Exception {
    ModelRequest request = modelRequest(Device.CPU);
    try (OpenedModel opened = backend().open(request)) {
      for (int batchSize : BATCH_SIZES) {
        try (ModelInputs inputs = opened.inputs(scenario(request, batchSize))) {
          for (int run = 0; run < 3; run++) {
            assertThatCode(() -> opened.run(inputs))
                .as("run %d at batch size %d", run + 1, batchSize)
                .doesNotThrowAnyException();
          }
        }
      }
    }
  }

  @Test
  @DisplayName(
      "closes a model twice without failing, and a closed model refuses to run or build inputs")
  public void closes() throws Exception {
    ModelRequest request = modelRequest(Device.CPU);
    OpenedModel opened = backend().open(request);
    ModelInputs inputs = opened.inputs(scenario(request, 1));
    try {
      opened.run(inputs);
      opened.close();
      assertThatCode(opened::close).as("the second close()").doesNotThrowAnyException();
      // What the model held is freed: using it must fail in Java, never touch freed native memory.
      assertThatThrownBy(() -> opened.run(inputs), "run() after close()")
          .isInstanceOf(Exception.class);
      assertThatThrownBy(
              () -> opened.inputs(scenario(request, 1)).close(), "inputs() after close()")
          .isInstanceOf(Exception.class);
    } finally {
      inputs.close();
    }
  }

  @Test
  @DisplayName("says why each device it does not serve here is unavailable, without throwing")
  public void unavailableDevices() {
    Backend backend = backend();
    Execution execution = modelRequest(Device.CPU).execution();
    Set<Device> served = served(backend, execution);
    for (Device device : DEVICES) {
      Optional<String> reason = backend.unavailableReason(execution, device);
      if (served.contains(device)) {
        assertThat(reason).as("unavailableReason(%s) of a device it serves", device).isEmpty();
      } else {
        assertThat(reason)
            .as("unavailableReason(%s) of a device it does not serve", device)
            .isPresent();
        assertThat(reason.get())
            .as("unavailableReason(%s)", device)
            .containsIgnoringCase(device.id());
      }
    }
  }

  @Test
  @DisplayName(
      "rejects a provider it lacks or on a device it does not run on, and says why one cannot start here")
  public void providerFailures() {
    Backend backend = backend();
    ModelRequest request = modelRequest(Device.CPU);
    String engine = request.execution().engine();
    Execution unknown = new Execution(engine, UNKNOWN_PROVIDER);
    assertThat(backend.invalidReason(unknown, scenario(request, 1)))
        .as("invalidReason of provider '%s'", UNKNOWN_PROVIDER)
        .hasValueSatisfying(reason -> assertThat(reason).containsIgnoringCase("provider"));
    assertThatCode(() -> backend.unavailableReason(unknown, Device.CPU))
        .as("unavailableReason of provider '%s'", UNKNOWN_PROVIDER)
        .doesNotThrowAnyException();
    assertThat(backend.providerFailure(UNKNOWN_PROVIDER))
        .as("providerFailure of a provider it lacks")
        .isEmpty();
    assertThat(backend.providerDevices(UNKNOWN_PROVIDER))
        .as("providerDevices of a provider it lacks")
        .isEmpty();
    for (String provider : backend.providers()) {
      Execution execution = new Execution(engine, provider);
      Set<Device> devices = backend.providerDevices(provider);
      assertThat(devices)
          .as("providerDevices(%s)", provider)
          .isNotEmpty()
          .doesNotContain(Device.AUTO);
      backend
          .providerFailure(provider)
          .ifPresent(
              failure -> assertThat(failure).as("providerFailure(%s)", provider).isNotBlank());
      Set<Device> served = backend.availableDevices(execution);
      for (Device device : DEVICES) {
        Scenario scenario = scenario(on(request, device, execution), 1);
        Optional<String> invalid = backend.invalidReason(execution, scenario);
        if (!devices.contains(device)) {
          assertThat(invalid)
              .as("invalidReason of provider %s on %s, where it does not run", provider, device)
              .hasValueSatisfying(reason -> assertThat(reason).containsIgnoringCase(provider));
          continue;
        }
        assertThat(invalid).as("invalidReason of provider %s on %s", provider, device).isEmpty();
        Optional<String> unavailable = backend.unavailableReason(execution, device);
        if (served.contains(device)) {
          assertThat(unavailable)
              .as("unavailableReason of provider %s on %s, which it serves", provider, device)
              .isEmpty();
        } else {
          assertThat(unavailable)
              .as(
                  "unavailableReason of provider %s on %s, which it does not serve here",
                  provider, device)
              .hasValueSatisfying(reason -> assertThat(reason).containsIgnoringCase(provider));
        }
      }
    }
  }

  @Test
  @DisplayName(
      "fails on a truncated or missing model file with an exception naming the model and the file")
  public void badModelFile() throws Exception {
    Backend backend = backend();
    ModelRequest request = modelFileRequest();
    assertThat(request.model()).as("modelFileRequest().model()").isNotNull();
    // The file as it is opens: what fails below fails because of the file.
    backend.open(request).close();

    byte[] content = request.model().readAllBytes();
    Path truncated =
        Files.createDirectories(dir.resolve("truncated")).resolve(request.model().fileName());
    Files.write(truncated, Arrays.copyOf(content, content.length / 2));
    Path missing =
        Files.createDirectories(dir.resolve("missing")).resolve(request.model().fileName());
    for (Path file : List.of(truncated, missing)) {
      ModelRequest broken =
          new ModelRequest(
              request.benchmark(),
              request.id(),
              new ModelSource(file.toString(), null, file),
              request.block(),
              request.tokenizer(),
              request.execution(),
              request.options(),
              request.device(),
              request.mode(),
              request.threads());
      assertThatThrownBy(() -> backend.open(broken).close(), "open() of %s", file)
          .isInstanceOf(Exception.class)
          .hasMessageContaining("'" + request.id() + "'")
          .hasMessageContaining(file.toString());
    }
  }

  /** {@code request} on {@code device} with {@code execution}. */
  private static ModelRequest on(ModelRequest request, Device device, Execution execution) {
    return new ModelRequest(
        request.benchmark(),
        request.id(),
        request.model(),
        request.block(),
        request.tokenizer(),
        execution,
        request.options(),
        device,
        request.mode(),
        request.threads());
  }
}
