package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Fork;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * JVM runs differ more than calls within one run (the JIT's choices, memory layout):
 * {@code @Fork(3)} measures the scenario in three fresh JVMs, pools their samples, and gives the
 * interval across forks (Student-t on the log fork medians), the spread between and within forks,
 * and advice on how many forks and iterations would reach a target width. {@code
 * -Djunit.bench.forks=5} forks every benchmark.
 */
@Tag("samples")
@Warmup(iterations = 5)
@Measurement(iterations = 100)
class Sample08Forks {

  // tag::fork[]
  @Benchmark
  @Fork(3)
  void allocateLists(Blackhole blackhole) {
    List<Integer> list = new ArrayList<>();
    for (int i = 0; i < 2000; i++) {
      list.add(i);
    }
    blackhole.consume(list.size());
  } // end::fork[]
}
// end::sample[]
