package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * What a model runs with besides its device: the engine a backend drives (DJL's {@code PyTorch} or
 * {@code OnnxRuntime}) and the execution provider ({@code tensorrt}, say), each null where the
 * backend has none or the default applies.
 *
 * @param engine the engine named in {@code @Model(engine)}, or null
 * @param provider the execution provider named in {@code @Providers}, or null for the device's
 *     default
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Execution(String engine, String provider) {

  /** The backend's defaults: no engine or provider named. */
  public static final Execution DEFAULT = new Execution(null, null);
}
