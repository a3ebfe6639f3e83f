package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("MLPerf LoadGen's early-stopping rule")
class EarlyStoppingTests {

  @Test
  @DisplayName(
      "asks SingleStream for the query counts LoadGen prints: 64 for p90, 662 for p99, 6636 for p99.9")
  void publishedMinimums() {
    assertThat(EarlyStopping.minQueries(0.90)).isEqualTo(64);
    assertThat(EarlyStopping.minQueries(0.99)).isEqualTo(662);
    assertThat(EarlyStopping.minQueries(0.999)).isEqualTo(6636);
  }

  @Test
  @DisplayName(
      "asks a Server run with no query over its bound for 459 queries at p99, and more for each one over")
  void server() {
    assertThat(EarlyStopping.minPassing(0, 0.99)).isEqualTo(459);
    long previous = 459;
    for (long over = 1; over <= 50; over++) {
      long needed = EarlyStopping.minPassing(over, 0.99) + over;
      assertThat(needed).as("queries needed with %d over the bound", over).isGreaterThan(previous);
      previous = needed;
    }
  }

  @Test
  @DisplayName("passes exactly where the binomial tail, summed term by term, falls under 1%")
  void binomialTail() {
    // P(at least h of h + t under the latency | each is under it with probability p) = I_p(h, t +
    // 1).
    for (double p : new double[] {0.9, 0.95, 0.99}) {
      for (long over = 0; over <= 5; over++) {
        long h = EarlyStopping.minPassing(over, p);
        assertThat(tail(h, over, p)).as("p %s, %d over: at %d", p, over, h).isLessThan(0.01);
        assertThat(tail(h - 1, over, p))
            .as("p %s, %d over: at %d", p, over, h - 1)
            .isGreaterThanOrEqualTo(0.01);
      }
    }
  }

  /** Sum over k = h .. h + t of C(n, k) p^k (1 - p)^(n - k), n = h + t, in logs. */
  private static double tail(long h, long over, double p) {
    long n = h + over;
    double sum = 0;
    for (long k = h; k <= n; k++) {
      double log =
          StudentT.lnGamma(n + 1.0)
              - StudentT.lnGamma(k + 1.0)
              - StudentT.lnGamma(n - k + 1.0)
              + k * Math.log(p)
              + (n - k) * Math.log1p(-p);
      sum += Math.exp(log);
    }
    return sum;
  }

  @Test
  @DisplayName("sets aside as many top latencies as LoadGen's query-by-query search does")
  void estimateRank() {
    for (double p : new double[] {0.9, 0.99}) {
      assertThat(EarlyStopping.fromTop(EarlyStopping.minQueries(p) - 1, p)).isZero();
      for (long n = EarlyStopping.minQueries(p); n <= EarlyStopping.minQueries(p) + 1500; n += 37) {
        assertThat(EarlyStopping.fromTop(n, p))
            .as("p %s, %d queries", p, n)
            .isEqualTo(linear(n, p));
      }
    }
    assertThat(EarlyStopping.fromTop(64, 0.9)).isEqualTo(1);
    // Ranks LoadGen's own code (early_stopping.cc and results.cc, compiled as they are) gives.
    assertThat(EarlyStopping.fromTop(1_000, 0.90)).isEqualTo(78);
    assertThat(EarlyStopping.fromTop(100_000, 0.90)).isEqualTo(9779);
    assertThat(EarlyStopping.fromTop(100_000, 0.99)).isEqualTo(927);
    assertThat(EarlyStopping.fromTop(100_000, 0.999)).isEqualTo(77);
    assertThat(EarlyStopping.fromTop(1_000_000, 0.90)).isEqualTo(99302);
    assertThat(EarlyStopping.fromTop(1_000_000, 0.99)).isEqualTo(9768);
    assertThat(EarlyStopping.fromTop(1_000_000, 0.999)).isEqualTo(926);
  }

  /** LoadGen's own search: t starts at 1 and grows while minPassing(t + 1) + t + 1 still fits. */
  private static long linear(long n, double p) {
    long t = 1;
    for (long i = 2; i <= n; i++) {
      if (n < EarlyStopping.minPassing(i, p) + i) {
        t = i - 1;
        break;
      }
    }
    return t;
  }

  @Test
  @DisplayName("refuses a percentile outside (0, 1) and a negative count")
  void badInput() {
    assertThatThrownBy(() -> EarlyStopping.minPassing(0, 1.0))
        .hasMessage("the percentile must be in (0, 1), was 1.0");
    assertThatThrownBy(() -> EarlyStopping.minPassing(-1, 0.9))
        .hasMessage("the number of queries over the latency must be 0 or more, was -1");
  }

  @Test
  @DisplayName(
      "calls a percentile exceeded when the queries over a latency are too many for it at 99% confidence: the binomial tail")
  void exceeded() {
    // P(Binomial(459, 0.01) >= 8) = 0.09; P(Binomial(1000, 0.01) >= 20) = 0.0034.
    assertThat(EarlyStopping.exceeded(451, 8, 0.99)).isFalse();
    assertThat(EarlyStopping.exceeded(980, 20, 0.99)).isTrue();
    assertThat(EarlyStopping.exceeded(1000, 0, 0.99)).isFalse();
    // The boundary, from the tail summed term by term.
    for (long over = 1; over < 30; over++) {
      assertThat(EarlyStopping.exceeded(1000 - over, over, 0.99))
          .as("%d of 1000 over", over)
          .isEqualTo(binomialTail(1000, over, 0.01) < 0.01);
    }
    assertThatThrownBy(() -> EarlyStopping.exceeded(10, 1, 0))
        .hasMessage("the percentile must be in (0, 1), was 0.0");
  }

  /** P(Binomial(n, p) >= k), summed term by term. */
  private static double binomialTail(long n, long k, double p) {
    double below = 0;
    double term = Math.pow(1 - p, n);
    for (long i = 0; i < k; i++) {
      below += term;
      term *= (double) (n - i) / (i + 1) * p / (1 - p);
    }
    return 1 - below;
  }
}
