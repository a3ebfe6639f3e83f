package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.infra.Scenario;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestTemplate;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * Marks a {@code void} method as a benchmark: JUnit discovers it like a test, expands it into one
 * invocation per scenario (the cartesian product of {@link Devices}, {@link BatchSizes}, {@link
 * SequenceLengths} and {@link Param}), warms it up ({@link Warmup}), times it ({@link Measurement})
 * and writes the statistics to the run's result files.
 *
 * <p>The method may declare parameters of type {@link Scenario} and {@link Blackhole}, and so may
 * {@code @BeforeEach}/{@code @AfterEach} methods, which run once per scenario, outside timing.
 * Benchmarks are tagged {@code performance} (excluded by default, selected with {@code
 * -Dgroups=performance}) and hold a shared resource lock, so no two benchmarks ever run at the same
 * time, even under JUnit's parallel execution.
 *
 * <p>The body runs many times in a loop; keep per-call set-up out of it and pass every result to
 * {@link Blackhole#consume(Object)} so the JIT cannot remove the work being measured.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@TestTemplate
@Tag(Benchmark.TAG)
@ResourceLock(value = Benchmark.LOCK, mode = ResourceAccessMode.READ_WRITE)
@ExtendWith(BenchmarkExtension.class)
@API(status = STABLE, since = "0.1")
public @interface Benchmark {

  /** The tag every benchmark carries: {@code mvn test -Dgroups=performance} selects benchmarks. */
  String TAG = "performance";

  /** The exclusive resource every benchmark holds while it runs. */
  String LOCK = "dev.junitbench.benchmark";
}
