package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The gate's failure message of a scenario that regressed, profiled in both runs: the differential
 * flame graph and where to look first. The variant allocates more in a method of its own, so the
 * allocation rule fails it on every machine, whatever the timing (latency's threshold is set out of
 * reach).
 */
@DisplayName("The gate, failing a profiled scenario")
class GateProfileTests {

  private static final Pattern GRAPH = Pattern.compile("differential flame graph: (\\S+\\.html)");

  @TempDir Path tempDir;

  @AfterEach
  void baselineAgain() {
    ProfileTestCases.Variant.extra = false;
  }

  private ListenerRun run(String folder, String kind) {
    ListenerRun run =
        ListenerRun.into(tempDir.resolve(folder))
            .config("junit.bench.forks", "0")
            .config("junit.bench.measurement.iterations", "40")
            .config("junit.bench.profile.interval", "1ms");
    return kind == null ? run : run.config("junit.bench.profile", kind);
  }

  private String gateMessage(String baselineKind, String variantKind) {
    ListenerRun.Outcome base = run("base", baselineKind).run(ProfileTestCases.Variant.class);
    ProfileTestCases.Variant.extra = true;
    ListenerRun.Outcome variant =
        run("variant", variantKind)
            .config("junit.bench.baseline", base.runDir().toString())
            .config("junit.bench.regression.threshold", "100000%")
            .run(ProfileTestCases.Variant.class);
    JsonNode gate = variant.result("allocate", "[device=cpu]").get("gate");
    assertThat(gate.get("failed").asBoolean()).as(gate.toString()).isTrue();
    String message = gate.get("message").asText();
    assertThat(message).contains("allocation regressed");
    return message;
  }

  @Test
  @DisplayName(
      "names the differential flame graph it wrote into the run folder and the frame that grew most")
  void differentialFlameGraph() throws Exception {
    String message = gateMessage("alloc", "alloc");

    assertThat(message)
        .containsPattern(
            "where to look first \\(alloc\\): \\S*allocateExtraProfiledBuffers \\(self");
    Matcher graph = GRAPH.matcher(message);
    assertThat(graph.find()).as(message).isTrue();
    Path page = Path.of(graph.group(1));
    assertThat(page).isRegularFile();
    assertThat(page.getParent().getFileName()).hasToString("profiles");
    assertThat(page.getParent().getParent().getParent()).isEqualTo(tempDir.resolve("variant"));
    assertThat(Files.readString(page)).contains("allocateExtraProfiledBuffers");
  }

  @Test
  @DisplayName("says why there is no differential flame graph when only the current run profiled")
  void onlyOneSide() {
    String message = gateMessage(null, "alloc");

    assertThat(message)
        .contains(
            "no differential flame graph: only the current run has a profile; profile both runs"
                + " with the same junit.bench.profile")
        .doesNotContain("differential flame graph: /");
  }

  @Test
  @DisplayName("says why there is no differential flame graph when the kinds differ")
  void differentKinds() {
    String message = gateMessage("cpu", "alloc");

    assertThat(message)
        .contains("no differential flame graph: the baseline profiled cpu, the current run alloc");
  }

  @Test
  @DisplayName("adds nothing about profiles when neither run profiled")
  void neither() {
    assertThat(gateMessage(null, null))
        .doesNotContain("flame graph")
        .doesNotContain("where to look");
  }
}
