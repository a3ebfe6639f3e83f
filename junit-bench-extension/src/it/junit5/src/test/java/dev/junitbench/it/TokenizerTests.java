package dev.junitbench.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

/** An ordinary test beside the benchmarks: `-Dgroups=performance` leaves it out. */
class TokenizerTests {

  @Test
  void splitsOnWhitespace() {
    assertArrayEquals(new String[] {"a", "b"}, "a  b".trim().split("\\s+"));
  }
}
