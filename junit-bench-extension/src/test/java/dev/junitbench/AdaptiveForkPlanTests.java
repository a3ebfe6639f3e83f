package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.backends.Backends;
import dev.junitbench.config.BenchConfig;
import dev.junitbench.engine.BenchmarkPlan;
import dev.junitbench.stats.ForkStopRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("A benchmark's forking")
class AdaptiveForkPlanTests {

  static class Cases {
    // tag::adaptive[]
    @Benchmark
    @Fork // forks until the interval across forks is within +-2%: 3 forks at least, 10 at most
    void bare() {}

    // end::adaptive[]

    @Benchmark
    @Fork(5)
    void counted() {}

    // tag::adaptive-rule[]
    @Benchmark
    @Fork(min = 4, max = 12, precision = 0.03)
    void ruled() {}

    // end::adaptive-rule[]

    @Benchmark
    void unannotated() {}
  }

  private static BenchmarkPlan.Forking forking(String method, Map<String, String> settings)
      throws NoSuchMethodException {
    BenchConfig config = BenchConfig.of(key -> Optional.ofNullable(settings.get(key)));
    return AnnotatedPlan.of(
            Cases.class.getDeclaredMethod(method), Cases.class, config, new Backends(List.of()))
        .forking();
  }

  @Test
  @DisplayName("@Fork without a count forks until the answer is known, with the defaults")
  void bareIsAdaptive() throws NoSuchMethodException {
    BenchmarkPlan.Forking forking = forking("bare", Map.of());
    ForkStopRule until = forking.until();
    assertThat(until).isNotNull();
    assertThat(List.of(until.min(), until.max())).containsExactly(3, 10);
    assertThat(until.precision()).isEqualTo(0.02);
    assertThat(forking.count()).isEqualTo(10);
    assertThat(forking.configured()).isTrue();
  }

  @Test
  @DisplayName("@Fork(5) stays exactly 5 forks, and the run's min, max and precision leave it so")
  void countStays() throws NoSuchMethodException {
    BenchmarkPlan.Forking forking =
        forking("counted", Map.of("junit.bench.forks.min", "4", "junit.bench.forks.max", "6"));
    assertThat(forking.until()).isNull();
    assertThat(forking.count()).isEqualTo(5);
  }

  @Test
  @DisplayName("the annotation's min, max and precision apply, and the run's settings replace them")
  void settingsReplace() throws NoSuchMethodException {
    ForkStopRule annotated = forking("ruled", Map.of()).until();
    assertThat(List.of(annotated.min(), annotated.max())).containsExactly(4, 12);
    assertThat(annotated.precision()).isEqualTo(0.03);
    ForkStopRule replaced =
        forking("ruled", Map.of("junit.bench.forks.max", "20", "junit.bench.forks.precision", "1%"))
            .until();
    assertThat(List.of(replaced.min(), replaced.max())).containsExactly(4, 20);
    assertThat(replaced.precision()).isEqualTo(0.01);
  }

  @Test
  @DisplayName("junit.bench.forks=auto makes every benchmark adaptive, a number fixes every count")
  void runWide() throws NoSuchMethodException {
    assertThat(forking("counted", Map.of("junit.bench.forks", "auto")).until()).isNotNull();
    assertThat(forking("unannotated", Map.of("junit.bench.forks", "auto")).configured()).isTrue();
    BenchmarkPlan.Forking fixed = forking("bare", Map.of("junit.bench.forks", "2"));
    assertThat(fixed.until()).isNull();
    assertThat(fixed.count()).isEqualTo(2);
  }

  @Test
  @DisplayName("min, max and precision alone never turn forking on")
  void neverOnByThemselves() throws NoSuchMethodException {
    BenchmarkPlan.Forking forking =
        forking(
            "unannotated",
            Map.of(
                "junit.bench.forks.min", "3",
                "junit.bench.forks.max", "5",
                "junit.bench.forks.precision", "0.05"));
    assertThat(forking.configured()).isFalse();
    assertThat(forking.count()).isZero();
    assertThat(forking.until()).isNull();
  }
}
