package dev.junitbench.reports.html;

import static dev.junitbench.reports.Fixtures.params;
import static dev.junitbench.reports.Fixtures.passed;

import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import dev.junitbench.results.Status;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Runs for the report's tests: two backends of one model, batch sizes, a hostile param, aborted scenarios. */
final class ReportRuns {

  static final String HOSTILE = "<img src=x onerror=alert(1)>";
  static final String SCRIPT = "</script><script>window.pwned=1</script>";
  static final String ORT = "com.example.TextBenchmarks#miniLm";
  static final String DJL = "com.example.TextBenchmarks#miniLmDjl";
  static final String HOST = "<b>bench-host</b>";

  private ReportRuns() {}

  static ScenarioResult model(ScenarioResult result, String backend) {
    return result.withModel(new ModelInfo("all-minilm-l6-v2-q", backend, "onnx", "classpath:model.onnx", 1000L, 12.0,
        3.0, null));
  }

  /** The current run; {@code slower} stretches the latencies of the ONNX Runtime batch 8 scenario. */
  static Path current(Path parent, String name, double slower) {
    List<ScenarioResult> results = new ArrayList<>();
    int seed = 1;
    for (int batch : new int[] {1, 8, 32}) {
      for (String mode : new String[] {"eager", "optimized"}) {
        double factor = batch == 8 && mode.equals("eager") ? slower : 1;
        Map<String, Object> ort = params("batch_size", batch, "mode", mode, "backend", "onnxruntime", "provider", "cpu");
        results.add(model(passed(ORT, ort, seed++, 60, 1e6 * batch * factor * (mode.equals("eager") ? 1.2 : 1)), "onnxruntime"));
        Map<String, Object> djl = params("batch_size", batch, "mode", mode, "backend", "djl", "engine", "OnnxRuntime");
        results.add(model(passed(DJL, djl, seed++, 60, 1.1e6 * batch * (mode.equals("eager") ? 1.2 : 1)), "djl"));
      }
    }
    results.add(passed("com.example.Hostile#run", params("payload", HOSTILE, "batch_size", 1), 99, 30, 2e5));
    results.add(passed("com.example.Hostile#run", params("payload", SCRIPT, "batch_size", 2), 98, 30, 3e5));
    for (int batch : new int[] {1, 8}) {
      Map<String, Object> cuda = new java.util.LinkedHashMap<>(params("batch_size", batch));
      cuda.put("device", "cuda");
      results.add(RunFolders.ended(ORT, cuda, Status.ABORTED, ORT + " [device=cuda, batch_size=" + batch
          + "], model 'all-minilm-l6-v2-q': CUDA requested; onnxruntime offers [CPU] here " + HOSTILE));
    }
    results.add(RunFolders.ended("com.example.Hostile#broken", params(), Status.FAILED,
        "java.lang.IllegalStateException: " + SCRIPT));
    return RunFolders.write(parent, name, results, HOST);
  }
}
