package dev.junitbench.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("Token timings of text generation")
class TokenTimingsTests {

  private static final long MS = 1_000_000;

  @Test
  @DisplayName(
      "follow vLLM's definitions: TTFT, TPOT per request, ITL pooled without TTFT, end-to-end, throughputs")
  void definitions() {
    // Request 0: tokens at 50, 60, 75, 80 ms; request 1: at 40, 52, 62, 72 ms.
    long[] times = {50 * MS, 60 * MS, 75 * MS, 80 * MS, 40 * MS, 52 * MS, 62 * MS, 72 * MS};
    TokenTimings t = TokenTimings.of(times, 2, 4, 3, 128, 200 * MS);
    assertThat(t.ttftMs().count()).isEqualTo(2);
    assertThat(t.ttftMs().min()).isEqualTo(40.0);
    assertThat(t.ttftMs().max()).isEqualTo(50.0);
    // TPOT = (e2e - ttft) / (N - 1): (80 - 50) / 3 = 10 ms and (72 - 40) / 3 = 10.667 ms.
    assertThat(t.tpotMs().min()).isCloseTo(10.0, within(1e-6));
    assertThat(t.tpotMs().max()).isCloseTo(32.0 / 3, within(1e-6));
    // ITL: every gap, pooled: 10, 15, 5, 12, 10, 10; the first token's wait is not one of them.
    assertThat(t.itlMs().count()).isEqualTo(6);
    assertThat(t.itlMs().min()).isEqualTo(5.0);
    assertThat(t.itlMs().max()).isEqualTo(15.0);
    assertThat(t.itlMs().median()).isEqualTo(10.0);
    assertThat(t.itlMs().mean()).isCloseTo(62.0 / 6, within(1e-9));
    assertThat(t.e2eMs().min()).isEqualTo(72.0);
    assertThat(t.e2eMs().max()).isEqualTo(80.0);
    // Output: 3 sequences x 4 tokens x 2 requests in 200 ms; prefill: 3 x 128 x 2 prompt tokens in
    // 90 ms of TTFT.
    assertThat(t.outputTokensPerSecond()).isCloseTo(24 / 0.2, within(1e-9));
    assertThat(t.prefillTokensPerSecond()).isCloseTo(768 / 0.09, within(1e-6));
  }

  @Test
  @DisplayName("leave TPOT and ITL undefined for one new token, as the definitions do")
  void singleToken() {
    TokenTimings t = TokenTimings.of(new long[] {5 * MS, 7 * MS}, 2, 1, 1, 16, 0);
    assertThat(t.tpotMs()).isNull();
    assertThat(t.itlMs()).isNull();
    assertThat(t.ttftMs().median()).isEqualTo(6.0);
    assertThat(t.e2eMs().median()).isEqualTo(6.0);
    assertThat(t.outputTokensPerSecond()).isNull();
  }

  @Test
  @DisplayName("refuse counts that do not fit and times that go backwards, naming the request")
  void badInput() {
    assertThatThrownBy(() -> TokenTimings.of(new long[3], 2, 2, 1, 1, 0))
        .hasMessage("2 requests of 2 tokens need 4 token times, there are 3");
    assertThatThrownBy(() -> TokenTimings.of(new long[] {5, 4}, 1, 2, 1, 1, 0))
        .hasMessage("request 0 has token 1 before token 0");
    assertThatThrownBy(() -> TokenTimings.of(new long[] {-1}, 1, 1, 1, 1, 0))
        .hasMessage("request 0 has its first token before it started (-1 ns)");
    assertThatThrownBy(() -> TokenTimings.of(new long[0], 0, 1, 1, 1, 0))
        .hasMessageStartingWith("requests, tokens per request and batch size must be 1 or more");
  }
}
