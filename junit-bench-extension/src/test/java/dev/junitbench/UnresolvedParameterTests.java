package dev.junitbench;

import static dev.junitbench.testkit.ScenarioResultAssert.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import dev.junitbench.infra.ModelInputs;
import dev.junitbench.infra.Scenario;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.testkit.BenchmarkTestKit;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInfo;
import org.junit.jupiter.api.TestReporter;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A benchmark parameter nothing injects")
class UnresolvedParameterTests {

  private static BenchmarkTestKit.Outcome run(String method) {
    return BenchmarkTestKit.with().quick().run(UnresolvedTestCases.class, method);
  }

  @Test
  @DisplayName(
      "is named with what a benchmark method can take, and a map of tensors is pointed to"
          + " ModelInputs and InputFactory")
  void mapOfTensors() {
    String failure = run("tensors").failure("[device=cpu]");
    assertThat(failure)
        .startsWith(
            UnresolvedTestCases.class.getName()
                + "#tensors: nothing injects parameter 1 (java.util.Map<java.lang.String,"
                + " ai.onnxruntime.OnnxTensor>) of the benchmark method (no ParameterResolver"
                + " supports it).")
        .contains(
            "A @Benchmark method can take: Scenario (its device, batch size, params and load"
                + " point, scenario.load()), Blackhole, one @Model parameter (an OnnxModel with"
                + " ONNX Runtime, a DjlModel with DJL), ModelInputs",
            "Generator (with @Generate and a @Model)",
            "JUnit's TestInfo, TestReporter, @TempDir, a ParameterResolver of your own registered"
                + " with @ExtendWith")
        .endsWith(
            "Fix: take ModelInputs inputs and read the tensors as a map with"
                + " inputs.as(OnnxTensor.class), or one with inputs.get(name, OnnxTensor.class);"
                + " to feed tensors of your own, name an InputFactory in @Model(inputs ="
                + " MyInputs.class). Anything else: build it in a @BeforeEach method (it can take"
                + " Scenario) and keep it in a field.");
    assertThat(run("tensors").result("[device=cpu]"))
        .failed()
        .hasErrorContaining("nothing injects parameter 1");
  }

  /** JUnit 6.0.3's text, as ParameterResolutionUtils formats it (JUnit 5.14's is the same). */
  private static final String JUNIT_6_0_3 =
      "No ParameterResolver registered for parameter [%s] in %s [%s].";

  @Test
  @DisplayName(
      "is recognised in JUnit 6.0.3's words and in a rewording that keeps the parameter and the"
          + " method, never in another resolution error")
  void junitWording() throws NoSuchMethodException {
    Method method =
        UnresolvedTestCases.class.getDeclaredMethod("tensors", Map.class, OnnxModel.class);
    Parameter tensors = method.getParameters()[0];
    String parameter = tensors.toString();
    String generic = method.toGenericString();
    for (String text :
        List.of(
            String.format(JUNIT_6_0_3, parameter, "method", generic),
            "No ParameterResolver was found for parameter ["
                + parameter
                + "] of method ["
                + generic
                + "]",
            "Parameter [" + parameter + "] in method [" + generic + "]: no ParameterResolver")) {
      assertThat(UnresolvedParameters.unresolved(new ParameterResolutionException(text), method))
          .as(text)
          .contains(tensors);
      assertThat(
              UnresolvedParameters.ofBenchmark(
                  new ParameterResolutionException(text), method, "Bench#tensors", true))
          .get()
          .extracting(Throwable::getMessage)
          .asString()
          .startsWith("Bench#tensors: nothing injects parameter");
    }
    for (String text :
        List.of(
            String.format(
                "Failed to resolve parameter [%s] in %s [%s]", parameter, "method", generic),
            String.format(
                "Discovered multiple competing ParameterResolvers for parameter [%s] in %s [%s]: a, b",
                parameter, "method", generic),
            String.format(JUNIT_6_0_3, parameter, "method", "void Other.tensors()"))) {
      assertThat(UnresolvedParameters.unresolved(new ParameterResolutionException(text), method))
          .as(text)
          .isEmpty();
    }
    assertThat(
            UnresolvedParameters.unresolved(
                new IllegalStateException(String.format(JUNIT_6_0_3, parameter, "method", generic)),
                method))
        .isEmpty();
  }

  @Test
  @DisplayName("of type ModelInputs on a benchmark without a model asks for a @Model parameter")
  void inputsWithoutModel() {
    assertThat(run("inputsWithoutModel").failure("[device=cpu]"))
        .contains("nothing injects parameter 1 (dev.junitbench.infra.ModelInputs)")
        .endsWith(
            "Fix: ModelInputs is made for the method's model; add a @Model parameter, e.g."
                + " @Model(\"classpath:model.onnx\") OnnxModel model.");
  }

  @Test
  @DisplayName("in a @BeforeEach method says what a set-up method can take")
  void inSetUp() {
    assertThat(
            BenchmarkTestKit.with()
                .quick()
                .run(SetUpTestCases.class, "plain")
                .failure("[device=cpu]"))
        .startsWith(
            SetUpTestCases.class.getName()
                + "#plain: nothing injects parameter 1 (dev.junitbench.infra.ModelInputs) of"
                + " its set-up method prepare() (no ParameterResolver supports it). A"
                + " set-up method of a benchmark can take Scenario and Blackhole")
        .endsWith(
            "; the model, ModelInputs and Generator are handed to the @Benchmark method only."
                + " Take them there, or make what the set-up needs from the Scenario and keep it"
                + " in a field.");
  }

  @Test
  @DisplayName(
      "is never claimed from JUnit's resolvers (TestInfo, TestReporter, @TempDir) or a user's own")
  void othersStillResolve() {
    UnresolvedTestCases.seen.clear();
    BenchmarkTestKit.Outcome outcome = run("resolvedByOthers");
    outcome.events().testEvents().assertStatistics(stats -> stats.started(1).succeeded(1));
    assertThat(outcome.result("[device=cpu]")).passed().hasFigures();
    assertThat(UnresolvedTestCases.seen)
        .first()
        .isEqualTo("[device=cpu] true label from the user's resolver in set-up and method");
  }

  /** A resolver of the user's own, for one type of theirs. */
  static final class LabelResolver implements ParameterResolver {
    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
      return parameter.getParameter().getType() == Label.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
      return new Label("label from the user's resolver");
    }
  }

  record Label(String text) {}

  @ExtendWith(LabelResolver.class)
  static class UnresolvedTestCases {
    static final List<String> seen = new ArrayList<>();
    private Label fromSetUp;

    @BeforeEach
    void setUp(Label label, Scenario scenario) {
      fromSetUp = label;
    }

    @Benchmark
    void tensors(
        Map<String, OnnxTensor> inputs,
        @Model("classpath:all-minilm-l6-v2-q.onnx") OnnxModel model) {}

    @Benchmark
    void inputsWithoutModel(ModelInputs inputs) {}

    @Benchmark
    void resolvedByOthers(
        TestInfo info, TestReporter reporter, @TempDir Path folder, Label label, Blackhole bh) {
      if (seen.isEmpty()) {
        seen.add(
            info.getDisplayName()
                + " "
                + Files.isDirectory(folder)
                + " "
                + label.text()
                + (fromSetUp.equals(label) ? " in set-up and method" : ""));
      }
      bh.consume(label);
    }
  }

  @ExtendWith(LabelResolver.class)
  static class SetUpTestCases {
    @BeforeEach
    void prepare(ModelInputs inputs) {}

    @Benchmark
    void plain() {}
  }
}
