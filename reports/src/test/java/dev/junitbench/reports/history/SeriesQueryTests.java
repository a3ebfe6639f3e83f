package dev.junitbench.reports.history;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

@DisplayName("A --benchmark pattern that names a method as JMH and Java do")
class SeriesQueryTests {

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource({
    "ParserBenchmark.parseDouble, ParserBenchmark#parseDouble",
    "com.example.ParserBenchmark.parse*, com.example.ParserBenchmark#parse*",
    "*.embed, *#embed",
    "Embeddings.*, Embeddings#*"
  })
  @DisplayName("is given as junit-bench names it, the method after a #")
  void hinted(String pattern, String hint) {
    assertThat(SeriesQuery.methodHint(pattern)).contains(hint);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {"com.example", "dev.x.ParserBenchmark", "Parser#parse", "Parser.", ".parse", "x"})
  @DisplayName("gets no hint when it names a package, a class, or has a # already")
  void notHinted(String pattern) {
    assertThat(SeriesQuery.methodHint(pattern)).isEmpty();
  }
}
