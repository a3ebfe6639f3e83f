package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.testkit.ListenerRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import one.profiler.AsyncProfiler;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A profiled benchmark")
class ProfilingTests {

  @TempDir Path tempDir;

  private ListenerRun run(String kind) {
    ListenerRun run =
        ListenerRun.into(tempDir.resolve("out"))
            .config(
                "junit.bench.warmup.iterations", String.valueOf(ProfileTestCases.WARMUP_ITERATIONS))
            .config("junit.bench.measurement.iterations", "60")
            .config("junit.bench.profile.interval", "1ms");
    return kind == null ? run : run.config("junit.bench.profile", kind);
  }

  private static List<String> topFrames(JsonNode profile) {
    List<String> frames = new ArrayList<>();
    profile.get("top_frames").forEach(frame -> frames.add(frame.get("frame").asText()));
    return frames;
  }

  private static Stacks stacks(ListenerRun.Outcome outcome, JsonNode profile, ProfileKind kind)
      throws IOException {
    List<Path> files = new ArrayList<>();
    profile.get("jfr").forEach(file -> files.add(outcome.runDir().resolve(file.asText())));
    return FlameGraphs.read(kind, files);
  }

  private static boolean anyStackHas(Stacks stacks, String method) {
    return stacks.weights().keySet().stream().anyMatch(stack -> stack.contains(method));
  }

  @Test
  @DisplayName("without profiling carries profile null")
  void unprofiled() {
    ListenerRun.Outcome outcome = run(null).run(ProfileTestCases.Spinning.class);
    assertThat(outcome.result("spin", "[device=cpu]").has("profile")).isTrue();
    assertThat(outcome.result("spin", "[device=cpu]").get("profile").isNull()).isTrue();
  }

  @Test
  @DisplayName("gets a cpu flame graph whose top frames name the method it spins in")
  void cpuFlameGraph() throws IOException {
    ListenerRun.Outcome outcome = run("cpu").run(ProfileTestCases.Spinning.class);

    JsonNode profile = outcome.result("spin", "[device=cpu]").get("profile");
    assertThat(profile.get("kind").asText()).isEqualTo("cpu");
    assertThat(profile.get("profiler").asText()).startsWith("async-profiler ");
    assertThat(profile.get("event").asText()).isIn("cpu", "itimer", "ctimer");
    assertThat(profile.get("jfr")).hasSize(1);
    Path html = outcome.runDir().resolve(profile.get("flame_graph").asText());
    assertThat(html).isRegularFile();
    assertThat(Files.readString(html)).startsWith("<!DOCTYPE html>");
    assertThat(outcome.runDir().resolve(profile.get("jfr").get(0).asText())).isRegularFile();
    assertThat(profile.get("samples").asLong()).isPositive();
    assertThat(topFrames(profile).get(0)).endsWith("spinProfiledWork");
    assertThat(outcome.out())
        .contains("junit-bench: profile of ")
        .contains(html.getFileName().toString());
  }

  @Test
  @DisplayName("gets an alloc profile that names the method that allocates")
  void allocProfile() throws IOException {
    ListenerRun.Outcome outcome = run("alloc").run(ProfileTestCases.Allocating.class);

    JsonNode profile = outcome.result("allocate", "[device=cpu]").get("profile");
    assertThat(profile.get("kind").asText()).isEqualTo("alloc");
    assertThat(profile.get("event").asText()).isEqualTo("alloc");
    Stacks stacks = stacks(outcome, profile, ProfileKind.ALLOC);
    assertThat(anyStackHas(stacks, "allocateProfiledBuffers")).as("%s", stacks.weights()).isTrue();
    assertThat(profile.get("samples").asLong()).as("bytes").isEqualTo(stacks.total()).isPositive();
    assertThat(topFrames(profile).get(0)).endsWith("allocateProfiledBuffers");
  }

  @Test
  @DisplayName("is profiled during its measurement only, never during its warm-up")
  void measurementOnly() throws IOException {
    ProfileTestCases.WarmupOnly.CALLS.set(0);
    ListenerRun.Outcome outcome = run("cpu").run(ProfileTestCases.WarmupOnly.class);

    JsonNode profile = outcome.result("phases", "[device=cpu]").get("profile");
    Stacks stacks = stacks(outcome, profile, ProfileKind.CPU);
    assertThat(anyStackHas(stacks, "spinProfiledWork")).as("%s", stacks.weights()).isTrue();
    assertThat(anyStackHas(stacks, "warmupOnlyProfiledWork"))
        .as("the warm-up's own method, in %s", stacks.weights())
        .isFalse();
  }

  @Test
  @DisplayName("in forks gets one JFR per fork and one flame graph of them all")
  void forks() throws IOException {
    ListenerRun.Outcome outcome = run("cpu").run(ProfileTestCases.Forked.class);

    JsonNode profile = outcome.result("spin", "[device=cpu]").get("profile");
    assertThat(profile.get("jfr")).hasSize(2);
    assertThat(profile.get("jfr").get(0).asText()).endsWith("-fork1.jfr");
    assertThat(profile.get("jfr").get(1).asText()).endsWith("-fork2.jfr");
    long each = 0;
    for (JsonNode file : profile.get("jfr")) {
      Path jfr = outcome.runDir().resolve(file.asText());
      assertThat(jfr).isRegularFile();
      long own = FlameGraphs.read(ProfileKind.CPU, jfr).total();
      assertThat(own).as("samples of %s", jfr).isPositive();
      each += own;
    }
    assertThat(profile.get("samples").asLong()).as("both forks in one graph").isEqualTo(each);
    assertThat(outcome.runDir().resolve(profile.get("flame_graph").asText())).isRegularFile();
    assertThat(topFrames(profile).get(0)).endsWith("spinProfiledWork");
  }

  @Test
  @DisplayName(
      "in a fork that dies while profiling fails that fork only: the run goes on, profiled")
  void forkDies() throws IOException {
    System.setProperty(
        ProfileTestCases.MARKERS, Files.createDirectories(tempDir.resolve("markers")).toString());
    ListenerRun.Outcome outcome;
    try {
      outcome =
          run("cpu").run(ProfileTestCases.DiesInSecondFork.class, ProfileTestCases.Forked.class);
    } finally {
      System.clearProperty(ProfileTestCases.MARKERS);
    }

    JsonNode died = outcome.result("dies", "[device=cpu]");
    assertThat(died.get("status").asText()).isEqualTo("failed");
    assertThat(died.get("error").asText()).contains("fork 2 of 2 ended (exit code 134)");
    assertThat(died.get("forks").get("runs").get(0).get("status").asText()).isEqualTo("passed");
    JsonNode after = outcome.result("spin", "[device=cpu]").get("profile");
    assertThat(after.get("jfr")).hasSize(2);
    assertThat(outcome.runDir().resolve(after.get("flame_graph").asText())).isRegularFile();
  }

  @Test
  @DisplayName("is recorded by JDK Flight Recorder when that profiler is asked for, and says so")
  void flightRecorderChosen() throws IOException {
    ListenerRun.Outcome outcome =
        run("cpu")
            .config("junit.bench.profile.profiler", "jfr")
            .config("junit.bench.profile.interval", "10ms")
            .config("junit.bench.measurement.iterations", "150")
            .run(ProfileTestCases.Spinning.class);

    JsonNode profile = outcome.result("spin", "[device=cpu]").get("profile");
    assertThat(profile.get("profiler").asText()).isEqualTo("JDK Flight Recorder");
    assertThat(profile.get("event").asText()).isEqualTo("jdk.ExecutionSample");
    assertThat(profile.get("warning").isNull()).isTrue();
    assertThat(anyStackHas(stacks(outcome, profile, ProfileKind.CPU), "spinProfiledWork")).isTrue();
  }

  @Test
  @DisplayName("falls back to JDK Flight Recorder when async-profiler cannot start, with a warning")
  void fallsBackToFlightRecorder() throws Exception {
    // async-profiler profiles one thing at a time: one already running cannot be started again.
    AsyncProfiler busy = AsyncProfiler.getInstance();
    Path elsewhere = tempDir.resolve("elsewhere.jfr");
    busy.execute("start,event=cpu,file=" + elsewhere + ",jfr");
    ListenerRun.Outcome outcome;
    try {
      outcome = run("cpu").run(ProfileTestCases.Spinning.class);
    } finally {
      busy.execute("stop");
    }

    JsonNode result = outcome.result("spin", "[device=cpu]");
    assertThat(result.get("status").asText()).isEqualTo("passed");
    JsonNode profile = result.get("profile");
    assertThat(profile.get("profiler").asText()).isEqualTo("JDK Flight Recorder");
    assertThat(profile.get("warning").asText())
        .contains("async-profiler cannot profile here")
        .contains("recorded with JDK Flight Recorder instead");
    assertThat(outcome.json().get("run").get("warnings").toString())
        .contains("async-profiler cannot profile here");
    assertThat(outcome.runDir().resolve(profile.get("flame_graph").asText())).isRegularFile();
  }

  @Test
  @DisplayName("asked for wall-clock time of JDK Flight Recorder passes unprofiled with a warning")
  void wallUnderFlightRecorder() {
    ListenerRun.Outcome outcome =
        run("wall")
            .config("junit.bench.profile.profiler", "jfr")
            .run(ProfileTestCases.Spinning.class);

    JsonNode result = outcome.result("spin", "[device=cpu]");
    assertThat(result.get("status").asText()).isEqualTo("passed");
    assertThat(result.get("latency_ms").isNull()).isFalse();
    JsonNode profile = result.get("profile");
    assertThat(profile.get("kind").asText()).isEqualTo("wall");
    assertThat(profile.get("jfr")).isEmpty();
    assertThat(profile.get("flame_graph").isNull()).isTrue();
    assertThat(profile.get("warning").asText())
        .contains("no wall-clock sampling event")
        .contains("use cpu, or let async-profiler load (remove junit.bench.profile.profiler=jfr)");
    assertThat(outcome.json().get("run").get("warnings").toString())
        .contains("no wall-clock sampling event");
  }

  @Test
  @DisplayName("annotated @Profile is profiled with its kind unless the setting says otherwise")
  void annotationAndSetting() {
    ListenerRun.Outcome annotated = run(null).run(ProfileTestCases.AnnotatedAlloc.class);
    assertThat(annotated.result("allocate", "[device=cpu]").get("profile").get("kind").asText())
        .as("the class's kind")
        .isEqualTo("alloc");
    assertThat(annotated.result("spin", "[device=cpu]").get("profile").get("kind").asText())
        .as("the method's own annotation wins")
        .isEqualTo("cpu");
  }

  @Test
  @DisplayName("with the setting off is not profiled, even when annotated")
  void settingOff() {
    ListenerRun.Outcome off = run("off").run(ProfileTestCases.AnnotatedAlloc.class);
    assertThat(off.result("allocate", "[device=cpu]").get("profile").isNull()).isTrue();
    assertThat(off.result("spin", "[device=cpu]").get("profile").isNull()).isTrue();
    assertThat(ListenerRun.list(off.runDir())).noneMatch(file -> file.endsWith("profiles"));
  }

  @Test
  @DisplayName("with a kind set profiles every benchmark with that kind, annotated or not")
  void settingWins() {
    ListenerRun.Outcome wall = run("wall").run(ProfileTestCases.AnnotatedAlloc.class);
    assertThat(wall.result("allocate", "[device=cpu]").get("profile").get("kind").asText())
        .isEqualTo("wall");
    assertThat(wall.result("spin", "[device=cpu]").get("profile").get("kind").asText())
        .isEqualTo("wall");
  }

  @Test
  @DisplayName("fails with the kinds named when the kind is unknown")
  void unknownKind() {
    ListenerRun.Outcome outcome = run("cpuu").run(ProfileTestCases.Spinning.class);

    assertThat(outcome.reported("spin", "[invalid configuration]").getThrowable())
        .get()
        .extracting(Throwable::getMessage)
        .asString()
        .contains("-Djunit.bench.profile=cpuu is not a profile kind")
        .contains("cpu, alloc, wall, lock")
        .contains("did you mean cpu?");
  }
}
