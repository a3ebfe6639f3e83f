package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import dev.junitbench.Warmup.Until;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * A warm-up that ends when the benchmark is steady, not after a guess: {@code until = Until.STEADY}
 * makes the count and time a minimum, then warms up in windows until the last 8 windows' medians
 * drift by at most 2% end to end, or until {@code maxTime}, where the scenario is measured anyway
 * and flagged not steady. {@code -Djunit.bench.warmup.mode=steady} does the same for every
 * benchmark of a run.
 */
@Tag("samples")
@Measurement(iterations = 100)
class Sample12SteadyWarmup {

  // tag::steady[]
  @Benchmark
  @Warmup(iterations = 10, until = Until.STEADY, maxTime = "10s")
  void sortWords(Blackhole blackhole) {
    List<String> words =
        new ArrayList<>(List.of("the quick brown fox jumps over the lazy dog".split(" ")));
    words.sort(String::compareTo);
    blackhole.consume(words);
  } // end::steady[]
}
// end::sample[]
