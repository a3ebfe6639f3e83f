package dev.junitbench.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A machine OSHI cannot read")
class OshiFailureTests {

  @TempDir Path tempDir;

  @Test
  @DisplayName(
      "still gets its benchmarks measured and written, the host's OSHI figures null, told once")
  void runGoesOn() throws Exception {
    // JNA cannot extract its native library into a folder that is a file, and may not use the
    // system's.
    Path notAFolder = Files.writeString(tempDir.resolve("not-a-folder"), "x");
    ChildRun.Outcome outcome =
        ChildRun.run(
            PlainTestCases.class,
            tempDir.resolve("results"),
            List.of("-Djna.tmpdir=" + notAFolder, "-Djna.nosys=true"),
            entry -> false);
    assertThat(outcome.results()).as("child output:%n%s", outcome.output()).isNotNull();
    JsonNode run = outcome.results().get("run");
    assertThat(run.get("host").get("cpu_vendor").isNull()).isTrue();
    assertThat(run.get("host").get("os_name").asText()).isEqualTo(System.getProperty("os.name"));
    assertThat(run.get("host").get("unavailable_reason").asText())
        .contains("OSHI cannot read this machine (");
    JsonNode result = outcome.results().get("results").get(0);
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("memory").get("rss_peak_mb").asDouble()).isPositive();
    assertThat(result.get("utilization").get("cpu_system_pct").isNull()).isTrue();
    assertThat(result.get("utilization").get("unavailable_reason").asText())
        .contains("cpu_system_pct: OSHI cannot read this machine (");
    assertThat(outcome.output().lines().filter(line -> line.contains("OSHI cannot read")))
        .as("one warning for the cause, in:%n%s", outcome.output())
        .hasSize(1);
    assertThat(run.get("warnings").toString()).contains("OSHI cannot read this machine");
  }

  static class PlainTestCases {
    @Benchmark
    void plain(Blackhole blackhole) throws InterruptedException {
      Thread.sleep(20);
      blackhole.consume(1);
    }
  }
}
