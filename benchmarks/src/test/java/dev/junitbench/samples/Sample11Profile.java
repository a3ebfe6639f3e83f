package dev.junitbench.samples;

// tag::sample[]
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Profile;
import dev.junitbench.Warmup;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Tag;

/**
 * Where does the time go? {@code @Profile} records a CPU profile of each scenario's measurement
 * (not its warm-up) with async-profiler, and the run folder gets its JFR and a flame graph, {@code
 * profiles/<scenario>.html}; {@code @Profile(Profile.Kind.ALLOC)} records where it allocates.
 * {@code -Djunit.bench.profile=cpu} profiles every benchmark of a run without an annotation.
 */
@Tag("samples")
@Warmup(iterations = 5)
@Measurement(iterations = 200)
class Sample11Profile {

  // tag::profile[]
  @Benchmark
  @Profile
  void countWords(Blackhole blackhole) {
    Map<String, Integer> counts = new HashMap<>();
    for (String word : "the quick brown fox jumps over the lazy dog the end".split(" ")) {
      counts.merge(word, 1, Integer::sum);
    }
    blackhole.consume(counts);
  } // end::profile[]

  // tag::alloc[]
  @Benchmark
  @Profile(Profile.Kind.ALLOC)
  void buildStrings(Blackhole blackhole) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 1000; i++) {
      text.append(i).append(',');
    }
    blackhole.consume(text.toString());
  } // end::alloc[]
}
// end::sample[]
