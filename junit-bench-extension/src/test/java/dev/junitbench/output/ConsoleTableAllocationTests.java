package dev.junitbench.output;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.results.AllocationFigures;
import dev.junitbench.results.RunFolders;
import dev.junitbench.results.ScenarioResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The console table's alloc/op column")
class ConsoleTableAllocationTests {

  private static ScenarioResult scenario(String benchmark, Double bytesPerOp) {
    ScenarioResult result =
        RunFolders.passed(benchmark, Map.of("device", "cpu"), RunFolders.around(2_000_000, 30));
    return result.withAlloc(
        bytesPerOp == null
            ? new AllocationFigures(
                null, null, 30, 1, null, null, null, null, null, "bytes_per_op: not supported")
            : new AllocationFigures(
                bytesPerOp, (long) (bytesPerOp * 30), 30, 1, 0L, 0.0, 0.0, 0.0, 0.0, null));
  }

  @Test
  @DisplayName("is explained once below the tables as the Java heap only, when a row has a figure")
  void notedOnce() {
    String table =
        ConsoleTable.render(
            List.of(
                scenario("com.example.Embeddings#embed", 2048.0),
                scenario("com.example.Classifier#classify", 512.0)));

    assertThat(table.lines().filter(line -> line.contains("alloc/op: ")))
        .containsExactly(
            "  alloc/op: Java heap the measuring threads allocate per call; ONNX Runtime and DJL"
                + " tensors live off-heap (see peak RSS)");
  }

  @Test
  @DisplayName("is not explained when no row has an allocation figure")
  void noFigureNoNote() {
    String table = ConsoleTable.render(List.of(scenario("com.example.Embeddings#embed", null)));

    assertThat(table).contains("alloc/op").doesNotContain(ConsoleTable.ALLOCATION_NOTE);
  }
}
