package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.infra.Device;
import java.util.Map;
import org.apiguardian.api.API;

/**
 * What a benchmark asks a backend to open.
 *
 * @param benchmark {@code fqcn#method}, for messages
 * @param id the model's id in result files
 * @param model the model file, or null for a model built in code
 * @param block an instance of the class that builds the model in code ({@code @Model(block)}), or
 *     null
 * @param tokenizer its tokenizer file, or null
 * @param execution the engine and provider named, each null for the backend's default
 * @param options backend options from {@code @Model(options)}, in the order written
 * @param device the device to run on (never {@link Device#AUTO})
 * @param mode one of the backend's {@link Backend#modes()}, or null for its default
 * @param threads intra-op threads, or null for the backend's default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ModelRequest(
    String benchmark,
    String id,
    ModelSource model,
    Object block,
    ModelSource tokenizer,
    Execution execution,
    Map<String, String> options,
    Device device,
    String mode,
    Integer threads) {

  /** {@code benchmark, model 'id'}: how messages name this model. */
  public String what() {
    return benchmark + ", model '" + id + "'";
  }
}
