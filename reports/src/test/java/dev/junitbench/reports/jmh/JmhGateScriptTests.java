package dev.junitbench.reports.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.cli.Main;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ci/jmh-gate.sh} run by bash for real: JMH 1.37 measures the fixture benchmark {@link
 * dev.junitbench.reports.jmh.fixtures.ParamBenchmarks}{@code .average} as base and head, alternated
 * in rounds of 2 forks, and this build's command line compares them. Each fork warms up for 600 ms:
 * on a busy machine JIT compilation takes longer, and a fork's median iteration must be past it.
 */
@DisplayName("ci/jmh-gate.sh: JMH's base and head alternated in rounds, then compared")
class JmhGateScriptTests {

  private static final Path SCRIPT =
      Path.of("..", "ci", "jmh-gate.sh").toAbsolutePath().normalize();
  private static final String JAVA =
      Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @TempDir Path dir;

  record Result(int code, String out, String err) {}

  /** One JMH invocation of the fixture benchmark, its work scaled by {@code scale}. */
  private static List<String> jmh(String scale) {
    List<String> command =
        new ArrayList<>(
            List.of(
                JAVA,
                "-Djmh.ignoreLock=true",
                "-cp",
                System.getProperty("java.class.path"),
                "org.openjdk.jmh.Main",
                "ParamBenchmarks.average",
                "-p",
                "size=1000",
                "-f",
                "2",
                "-wi",
                "3",
                "-i",
                "5",
                "-w",
                "200ms",
                "-r",
                "100ms"));
    if (!scale.equals("1")) {
      command.addAll(List.of("-jvmArgsAppend", "-Dfixture.scale=" + scale));
    }
    return command;
  }

  private Result gate(List<String> arguments) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", SCRIPT.toString()));
    command.addAll(arguments);
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(dir.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().remove("GATE_CLI_JAR");
    builder.environment().remove("GATE_COMPARE_ARGS");
    builder
        .environment()
        .put(
            "JUNIT_BENCH_CLI",
            String.join(
                " ", JAVA, "-cp", System.getProperty("java.class.path"), Main.class.getName()));
    Process process = builder.start();
    assertThat(process.waitFor(10, TimeUnit.MINUTES)).as("ci/jmh-gate.sh ended").isTrue();
    return new Result(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }

  private Result gate(String rounds, String headScale) throws Exception {
    List<String> arguments = new ArrayList<>(List.of(dir.resolve("gate").toString(), rounds, "--"));
    arguments.addAll(jmh("1"));
    arguments.add("---");
    arguments.addAll(jmh(headScale));
    return gate(arguments);
  }

  @Test
  @DisplayName(
      "a head 50% slower regresses in 2 rounds of 2 forks: exit 1, the benchmark named, JMH 1.37's"
          + " files of both sides pooled as rounds (unless a busy machine spread the forks too far"
          + " to tell)")
  void slowerHeadRegresses() throws Exception {
    Result result = gate("2", "1.5");

    assertThat(result.code()).as(result.out() + result.err()).isIn(0, 1);
    assertThat(result.out())
        .contains("jmh-gate: round 1 of 2: base", "jmh-gate: round 2 of 2: head")
        .contains("ParamBenchmarks.average")
        .contains("JMH 1.37");
    Path gate = dir.resolve("gate");
    for (String side : List.of("base", "head")) {
      assertThat(gate.resolve(side).resolve("round-01.json")).isNotEmptyFile();
      assertThat(gate.resolve(side).resolve("round-02.json")).isNotEmptyFile();
    }
    if (result.code() == 1) {
      assertThat(result.out()).contains("1 regressed").contains("jmh-gate: a scenario regressed");
      assertThat(Files.readString(gate.resolve("comparison.md")))
          .contains("regressed")
          .contains("ParamBenchmarks");
      return;
    }
    // Passed: only where a busy machine spread the JVM runs by 10% or more and the test could not
    // tell (p not below alpha, or JVM runs on two levels, not judged), as the gate's own agreement
    // tests allow.
    RunComparison.Row row =
        RunComparison.of(gate.resolve("base"), gate.resolve("head"), RegressionRule.DEFAULT)
            .rows()
            .get(0);
    assertThat(row.verdict()).as(result.out()).isIn(Verdict.UNCHANGED, Verdict.NOT_JUDGED);
    assertThat(Math.max(spread(row.pool().baselineMs()), spread(row.pool().currentMs())))
        .as("50%% slower, yet %s from JVM runs that agree: %s", row.verdict(), result.out())
        .isGreaterThanOrEqualTo(0.10);
    if (row.verdict() == Verdict.UNCHANGED) {
      assertThat(row.latency().pValue())
          .as("50%% slower, yet unchanged with a p below alpha: %s", result.out())
          .isNotNull()
          .isGreaterThanOrEqualTo(RegressionRule.DEFAULT.alpha());
    }
  }

  /** The standard deviation of the logs of {@code ms}: about their coefficient of variation. */
  private static double spread(double[] ms) {
    double mean = 0;
    for (double value : ms) {
      mean += Math.log(value) / ms.length;
    }
    double squares = 0;
    for (double value : ms) {
      squares += Math.pow(Math.log(value) - mean, 2);
    }
    return Math.sqrt(squares / (ms.length - 1));
  }

  @Test
  @DisplayName(
      "an unchanged head is compared and listed; on a busy machine two rounds may still differ,"
          + " so only a failure to compare fails this test")
  void unchangedHeadIsCompared() throws Exception {
    Result result = gate("2", "1");

    // 4 forks a side of the same code: exit 0 when the machine is quiet, but a neighbour's load in
    // the head's rounds alone can look like a slowdown; bad input (2) or an error (3) never may.
    assertThat(result.code()).as(result.out() + result.err()).isIn(0, 1);
    assertThat(result.out()).contains("ParamBenchmarks.average").contains("JMH 1.37");
    assertThat(dir.resolve("gate").resolve("comparison.md")).isNotEmptyFile();
  }

  @Test
  @DisplayName(
      "bad usage exits 2 with a message: no ---, rounds of 0, a command setting -rf, a command that"
          + " writes no result file, rounds already there")
  void badUsage() throws Exception {
    String out = dir.resolve("bad").toString();

    Result noHead = gate(List.of(out, "1", "--", "true"));
    assertThat(noHead.code()).isEqualTo(2);
    assertThat(noHead.err()).contains("no --- before the head's command").contains("usage:");

    Result zero = gate(List.of(out, "0", "--", "true", "---", "true"));
    assertThat(zero.code()).isEqualTo(2);
    assertThat(zero.err()).contains("ROUNDS=0 is not a whole number from 1 to 20");

    Result format = gate(List.of(out, "1", "--", "true", "-rf", "csv", "---", "true"));
    assertThat(format.code()).isEqualTo(2);
    assertThat(format.err()).contains("a command sets -rf, which the gate sets itself");

    Result nothing = gate(List.of(out, "1", "--", "false", "---", "false"));
    assertThat(nothing.code()).isEqualTo(2);
    assertThat(nothing.err())
        .contains("round 1 of base wrote no result file")
        .contains("the command exited 1")
        .contains("base-round-01.log");

    Files.writeString(dir.resolve("bad").resolve("base").resolve("round-01.json"), "[]");
    Result again = gate(List.of(out, "1", "--", "true", "---", "true"));
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("already holds rounds");
  }
}
