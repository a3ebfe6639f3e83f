package dev.junitbench.spi;

/**
 * What a model runs with besides its device: the engine a backend drives (DJL's {@code PyTorch} or
 * {@code OnnxRuntime}) and the execution provider ({@code tensorrt}, say), each null where the
 * backend has none or the default applies.
 *
 * @param engine the engine named in {@code @Model(engine)}, or null
 * @param provider the execution provider named in {@code @Providers}, or null for the device's default
 */
public record Execution(String engine, String provider) {

  /** The backend's defaults: no engine or provider named. */
  public static final Execution DEFAULT = new Execution(null, null);
}
