package dev.junitbench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.measure.AfterTiming;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What a benchmark hands its Blackhole to close, as the measurement loop sees it after each call.
 */
@DisplayName("A Blackhole's closes after timing")
class BlackholeTests {

  @Test
  @DisplayName("are pending until the loop closes them, in the order handed over, and then gone")
  void closedInOrder() throws Exception {
    Blackhole blackhole = new Blackhole();
    AfterTiming closes = InvocationBody.closes(blackhole);
    List<String> closed = new ArrayList<>();
    assertThat(closes.pending()).isFalse();

    blackhole.closeAfterTiming(() -> closed.add("first"));
    blackhole.closeAfterTiming(() -> closed.add("second"));
    assertThat(closes.pending()).isTrue();
    assertThat(closed).isEmpty();

    closes.closePending();
    assertThat(closed).containsExactly("first", "second");
    assertThat(closes.pending()).isFalse();
    closes.closePending();
    assertThat(closed).hasSize(2);
  }

  @Test
  @DisplayName("all close when one fails: the first failure is thrown, the others suppressed in it")
  void everyOneClosedWhenOneFails() {
    Blackhole blackhole = new Blackhole();
    AfterTiming closes = InvocationBody.closes(blackhole);
    List<String> closed = new ArrayList<>();
    blackhole.closeAfterTiming(
        () -> {
          throw new IllegalStateException("first");
        });
    blackhole.closeAfterTiming(() -> closed.add("second"));
    blackhole.closeAfterTiming(
        () -> {
          throw new IllegalStateException("third");
        });

    assertThatThrownBy(closes::closePending)
        .hasMessage("first")
        .satisfies(
            e ->
                assertThat(e.getSuppressed())
                    .extracting(Throwable::getMessage)
                    .containsExactly("third"));
    assertThat(closed).containsExactly("second");
    assertThat(closes.pending()).isFalse();
  }

  @Test
  @DisplayName("grow past their first room without losing one")
  void manyCloses() throws Exception {
    Blackhole blackhole = new Blackhole();
    AfterTiming closes = InvocationBody.closes(blackhole);
    List<Integer> closed = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      int n = i;
      blackhole.closeAfterTiming(() -> closed.add(n));
    }
    closes.closePending();
    assertThat(closed).hasSize(100).startsWith(0, 1).endsWith(98, 99);
  }
}
