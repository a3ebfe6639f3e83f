package dev.junitbench.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The project's only test class, and no benchmark: `-Dgroups=performance` selects nothing. */
class BarTests {

  @Test
  void adds() {
    assertEquals(4, 2 + 2);
  }
}
