package dev.junitbench.model.binding;

import dev.junitbench.infra.Scenario;
import java.util.List;
import java.util.Map;

/**
 * What a benchmark's {@code @Model} parameter says, as written: the file ({@code ""} for none) or
 * the class that builds the model ({@code void.class} for none), the tokenizer, id and engine
 * ({@code ""} when not given), the backend options in the order written, the parameter's type, and
 * the maker of the scenario's inputs with the name it goes by in messages (both null when the
 * backend makes them).
 */
public record ModelSpec(
    String file,
    Class<?> block,
    String tokenizer,
    String id,
    String engine,
    List<String> options,
    Class<?> handleType,
    InputMaker inputs,
    String inputsName) {

  /** Makes a scenario's inputs for an opened model: a benchmark's own input factory. */
  @FunctionalInterface
  public interface InputMaker {
    /** The tensors, by input name, for {@code scenario} of the model {@code handle}. */
    Map<String, ?> make(Object handle, Scenario scenario) throws Exception;
  }
}
