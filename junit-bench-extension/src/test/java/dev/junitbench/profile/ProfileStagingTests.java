package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The staging folder of profiles")
class ProfileStagingTests {

  @TempDir Path tempDir;

  private ListenerRun run(Path output) {
    return ListenerRun.into(output)
        .config("junit.bench.warmup.iterations", String.valueOf(ProfileTestCases.WARMUP_ITERATIONS))
        .config("junit.bench.measurement.iterations", "60")
        .config("junit.bench.profile.interval", "1ms")
        .config("junit.bench.profile", "cpu");
  }

  /** {@code runs} with profiles staged under a folder of its own: what is left there after. */
  private List<Path> leftAfter(Runnable runs) throws IOException {
    Path staging = tempDir.resolve("staging");
    System.setProperty(ProfileStaging.ROOT, staging.toString());
    try {
      runs.run();
    } finally {
      System.clearProperty(ProfileStaging.ROOT);
    }
    if (!Files.exists(staging)) {
      return List.of();
    }
    try (Stream<Path> left = Files.walk(staging)) {
      return left.filter(path -> !path.equals(staging)).toList();
    }
  }

  @Test
  @DisplayName("holds nothing after a profiled run: the run folder took the profile")
  void plainRun() throws IOException {
    Path output = tempDir.resolve("out");
    assertThat(leftAfter(() -> run(output).run(ProfileTestCases.Spinning.class))).isEmpty();
  }

  @Test
  @DisplayName("holds nothing after a run in forks: neither their folders nor their files")
  void forkedRun() throws IOException {
    Path output = tempDir.resolve("out");
    ListenerRun.Outcome[] forked = new ListenerRun.Outcome[1];
    assertThat(leftAfter(() -> forked[0] = run(output).run(ProfileTestCases.Forked.class)))
        .isEmpty();
    assertThat(forked[0].result("spin", "[device=cpu]").get("profile").get("jfr")).hasSize(2);
    assertThat(forked[0].err() + forked[0].out()).doesNotContain(ProfileStaging.ROOT);
  }

  @Test
  @DisplayName("holds nothing of a fork that died while it recorded")
  void forkDied() throws IOException {
    System.setProperty(
        ProfileTestCases.MARKERS, Files.createDirectories(tempDir.resolve("markers")).toString());
    Path output = tempDir.resolve("out");
    try {
      assertThat(
              leftAfter(
                  () ->
                      run(output)
                          .run(
                              ProfileTestCases.DiesInSecondFork.class,
                              ProfileTestCases.Forked.class)))
          .isEmpty();
    } finally {
      System.clearProperty(ProfileTestCases.MARKERS);
    }
  }

  @Test
  @DisplayName(
      "holds nothing of a scenario measured here and then in forks, whose forks' profile is kept")
  void hereAndInForks() throws IOException {
    ListenerRun.Outcome base =
        run(tempDir.resolve("base"))
            .without("junit.bench.profile")
            .config("junit.bench.forks", "0")
            .run(ProfileTestCases.Spinning.class);
    Path output = tempDir.resolve("out");
    ListenerRun.Outcome[] forked = new ListenerRun.Outcome[1];

    List<Path> left =
        leftAfter(
            () ->
                forked[0] =
                    run(output)
                        .config("junit.bench.forks", "2")
                        .config("junit.bench.baseline", base.runDir().toString())
                        .run(ProfileTestCases.Spinning.class));

    assertThat(left).isEmpty();
    JsonNode result = forked[0].result("spin", "[device=cpu]");
    assertThat(result.get("forks").get("here").isNull()).as("measured here too").isFalse();
    assertThat(result.get("profile").get("jfr")).hasSize(2);
  }

  @Test
  @DisplayName("holds nothing when the run folder cannot be written")
  void unwritableOutput() throws IOException {
    // A file where the output folder belongs: no run folder can be made under it.
    Path output = Files.writeString(tempDir.resolve("out"), "");
    assertThat(leftAfter(() -> run(output).run(ProfileTestCases.Spinning.class))).isEmpty();
  }
}
