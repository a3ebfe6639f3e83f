/**
 * junit-bench: JUnit 5 test methods as benchmarks of ML model inference.
 *
 * <p>Exported: the annotations, {@link dev.junitbench.Blackhole} and {@link
 * dev.junitbench.InputFactory} ({@code dev.junitbench}), what a benchmark is handed ({@code
 * dev.junitbench.infra}: the scenario, model inputs, generators), the model handles and builders
 * ({@code dev.junitbench.onnx}, {@code dev.junitbench.onnx.decoder}, {@code dev.junitbench.djl};
 * the backends there are found through ServiceLoader), the extension points ({@code
 * dev.junitbench.spi}: backends, result formats, probes), the configuration error and settings
 * ({@code dev.junitbench.config}), the result model a format reads ({@code dev.junitbench.results},
 * {@code dev.junitbench.environment}) and the statistics ({@code dev.junitbench.stats}). Exported
 * to {@code dev.junitbench.reports} only: the helpers it shares with the extension ({@code
 * dev.junitbench.internal}: atomic files, text tables, the gate's comparison of a scenario with its
 * baseline) and the flame graphs of profiles ({@code dev.junitbench.profile}). The machinery
 * (measurement, forks, gate, load, sampling, reading the machine, the writers of the run's files)
 * is package-private or in packages that are not exported; of the backends only the classes
 * ServiceLoader creates are public.
 *
 * <p>Every public type of an exported package carries {@code @API} (apiguardian), as JUnit's do:
 * {@code STABLE} what a benchmark is written with, {@code MAINTAINED} what it is handed, {@code
 * EXPERIMENTAL} the model handles, extension points, result model and statistics, {@code INTERNAL}
 * what is public only for the extension's own packages. apiguardian is required static, as JUnit
 * requires it: needed to compile against the annotations, not to run.
 *
 * <p>async-profiler and its JFR converter, which record and draw the profiles of {@code
 * junit.bench.profile}, name no module: they are required as the automatic modules their jars'
 * names make, {@code async.profiler} and {@code jfr.converter}.
 *
 * <p>ONNX Runtime and DJL are optional: add the one you use to the module path and require it (or
 * {@code --add-modules} it); its backend is then found.
 */
@SuppressWarnings("requires-automatic")
module dev.junitbench {
  requires transitive org.junit.jupiter.api;
  requires static transitive org.apiguardian.api;
  requires org.junit.platform.commons;
  requires org.junit.platform.launcher;
  requires com.fasterxml.jackson.databind;
  requires org.apache.commons.csv;
  requires com.github.oshi;
  requires com.sun.jna;
  requires java.management;
  requires jdk.management;
  requires java.logging;
  requires jdk.jfr;
  // async-profiler and its converter name no module: their jars' names do.
  requires async.profiler;
  requires jfr.converter;
  requires static com.microsoft.onnxruntime;
  requires static org.tribuo.util.onnx;
  requires static com.google.protobuf;
  requires static ai.djl.api;
  requires static ai.djl.tokenizers;

  exports dev.junitbench;
  exports dev.junitbench.infra;
  exports dev.junitbench.onnx;
  exports dev.junitbench.onnx.decoder;
  exports dev.junitbench.djl;
  exports dev.junitbench.spi;
  exports dev.junitbench.config;
  exports dev.junitbench.results;
  exports dev.junitbench.environment;
  exports dev.junitbench.stats;
  // Helpers the reports module shares with the extension: no promise, to anyone else not even
  // visible.
  exports dev.junitbench.internal to
      dev.junitbench.reports;
  // Flame graphs of profiles, which the reports module draws differential ones with.
  exports dev.junitbench.profile to
      dev.junitbench.reports;

  // JUnit creates the extension and reads the annotations; Jackson reads and writes the result
  // model.
  opens dev.junitbench to
      org.junit.platform.commons;
  opens dev.junitbench.results to
      com.fasterxml.jackson.databind;
  opens dev.junitbench.environment to
      com.fasterxml.jackson.databind;
  opens dev.junitbench.stats to
      com.fasterxml.jackson.databind;
  opens dev.junitbench.config to
      com.fasterxml.jackson.databind;
  opens dev.junitbench.fork to
      com.fasterxml.jackson.databind;
  opens dev.junitbench.gate to
      com.fasterxml.jackson.databind;

  uses dev.junitbench.spi.Backend;
  uses dev.junitbench.spi.ResultFormat;
  uses dev.junitbench.spi.Probe;

  provides dev.junitbench.spi.Backend with
      dev.junitbench.onnx.OnnxRuntimeBackend,
      dev.junitbench.djl.DjlBackend;
  provides org.junit.platform.launcher.TestExecutionListener with
      dev.junitbench.output.ResultsListener;
}
