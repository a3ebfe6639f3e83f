package dev.junitbench.benchmarks;

import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.infra.Scenario;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A plain-Java perceptron at batch sizes 1, 8 and 32, for trying junit-bench without any ML runtime
 * (docs/running.adoc gives the command). Skipped unless {@code
 * junit.bench.user.synthetic.enabled=true}.
 */
@ExtendWith(SyntheticModelEnabled.class)
@Warmup(iterations = 20)
@Measurement(iterations = 200, time = "1s")
@BatchSizes({1, 8, 32})
class SyntheticModelBenchmarks {

  private final SyntheticMlp model = new SyntheticMlp();
  private float[] inputs;
  private float[] outputs;

  @BeforeEach
  void prepare(Scenario scenario) {
    inputs = SyntheticMlp.inputs(scenario.batchSize());
    outputs = new float[scenario.batchSize() * SyntheticMlp.OUTPUTS];
  }

  @Benchmark
  void forward(Scenario scenario, Blackhole blackhole) {
    model.forward(inputs, scenario.batchSize(), outputs);
    blackhole.consume(outputs);
  }
}
