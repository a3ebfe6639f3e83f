package dev.junitbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A plain test beside the benchmarks: a -Dtest naming a benchmark leaves it out. */
class BazTests {

  @Test
  void adds() {
    assertEquals(4, 2 + 2);
  }
}
