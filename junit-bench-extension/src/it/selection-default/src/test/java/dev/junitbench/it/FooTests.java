package dev.junitbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A plain test beside the benchmark: `mvn test` runs it, `-Dgroups=performance` leaves it out. */
class FooTests {

  @Test
  void adds() {
    assertEquals(4, 2 + 2);
  }
}
