package dev.junitbench.reports.jmh;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.reports.cli.Main;
import dev.junitbench.reports.compare.RunComparison;
import dev.junitbench.results.UnitFormat;
import dev.junitbench.stats.RegressionRule;
import dev.junitbench.stats.Verdict;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
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
 *
 * <p>Beside them, the gate's verdicts on fixed files, which no machine's load can change: a
 * stand-in for JMH ({@code fake-jmh.sh SOURCE [EXIT_CODE]}) copies a real JMH 1.37 result file to
 * the file the gate asks for ({@code -rff}) and exits with the code it is given.
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
    return gate(arguments, null);
  }

  private Result gate(List<String> arguments, String compareArgs) throws Exception {
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
    if (compareArgs != null) {
      builder.environment().put("GATE_COMPARE_ARGS", compareArgs);
    }
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

  /**
   * A stand-in for JMH: copies SOURCE to the file after {@code -rff}, then exits with EXIT_CODE.
   */
  private Path fakeJmh() throws Exception {
    Path script = dir.resolve("fake-jmh.sh");
    if (!Files.exists(script)) {
      Files.writeString(
          script,
          String.join(
              "\n",
              "#!/usr/bin/env bash",
              "# fake-jmh.sh SOURCE [EXIT_CODE], then the gate's -rf json -rff FILE",
              "source=$1",
              "code=0",
              "if [[ \"${2:-}\" =~ ^[0-9]+$ ]]; then code=$2; fi",
              "while [ \"$#\" -gt 0 ]; do",
              "  if [ \"$1\" = -rff ]; then cp \"$source\" \"$2\"; fi",
              "  shift",
              "done",
              "echo \"fake JMH: $source, exit code $code\"",
              "exit \"$code\"",
              ""));
    }
    return script;
  }

  /** The gate of ROUNDS rounds of fixed files: base and head each a fake JMH run. */
  private Result fixedGate(int rounds, List<String> base, List<String> head) throws Exception {
    return fixedGate(rounds, base, head, null);
  }

  private Result fixedGate(int rounds, List<String> base, List<String> head, String compareArgs)
      throws Exception {
    List<String> arguments =
        new ArrayList<>(
            List.of(dir.resolve("gate").toString(), Integer.toString(rounds), "--", "bash"));
    arguments.add(fakeJmh().toString());
    arguments.addAll(base);
    arguments.addAll(List.of("---", "bash", fakeJmh().toString()));
    arguments.addAll(head);
    return gate(arguments, compareArgs);
  }

  /** A committed JMH 1.37 file of two benchmarks, or the same run with one of them failed. */
  private static String publicFile(String name) throws Exception {
    return Path.of(JmhGateScriptTests.class.getResource("public/" + name).toURI()).toString();
  }

  @Test
  @DisplayName(
      "recorded files, a head 10% slower in every benchmark (JMH 1.37, 5 forks a side): exit 1,"
          + " each regressed benchmark named")
  void fixedSlowerHeadRegresses() throws Exception {
    Result result =
        fixedGate(
            1,
            List.of(JmhFixtures.recorded("base.json").toString()),
            List.of(JmhFixtures.recorded("slower.json").toString()));

    // The files are fixed, so is compare's verdict on the gate's rounds: the gate names what it
    // names, each benchmark compare finds regressed.
    Path gate = dir.resolve("gate");
    List<RunComparison.Row> regressed =
        RunComparison.of(gate.resolve("base"), gate.resolve("head"), RegressionRule.DEFAULT)
            .rows()
            .stream()
            .filter(row -> row.verdict() == Verdict.REGRESSED)
            .toList();
    assertThat(regressed).as("compare's regressions of the 10%% slower files").hasSize(5);
    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(result.out())
        .contains(regressed.size() + " regressed")
        .contains("jmh-gate: a scenario regressed");
    for (RunComparison.Row row : regressed) {
      assertThat(result.out()).contains(UnitFormat.shortName(row.named().benchmark()));
    }
    assertThat(result.err()).doesNotContain("not run");
  }

  @Test
  @DisplayName("fixed files, the same file as base and head: exit 0, nothing regressed")
  void fixedUnchangedHeadPasses() throws Exception {
    String base = JmhFixtures.recorded("base.json").toString();

    Result result = fixedGate(2, List.of(base), List.of(base));

    assertThat(result.code()).as(result.out() + result.err()).isZero();
    assertThat(result.out())
        .contains("0 regressed")
        .contains("jmh-gate: round 2 of 2: head")
        .contains("jmh-gate: no scenario regressed");
    assertThat(result.err()).isEmpty();
  }

  @Test
  @DisplayName(
      "fixed files of one fork of 5 iterations a side 30% apart, which compare cannot judge: exit 0 saying"
          + " NOT JUDGED passed without a verdict; with GATE_COMPARE_ARGS=--match all, exit 1")
  void notJudgedIsNamed() throws Exception {
    Path oneFork = JmhFixtures.oneFork(dir.resolve("one-fork.json"), 1);
    Path slower = JmhFixtures.oneFork(dir.resolve("one-fork-slower.json"), 1.3);

    Result passed = fixedGate(1, List.of(oneFork.toString()), List.of(slower.toString()));
    assertThat(passed.code()).as(passed.out() + passed.err()).isZero();
    assertThat(passed.out())
        .contains("jmh-gate: no scenario regressed")
        .containsPattern("jmh-gate: NOT JUDGED: 1( \\([^)]*\\))? passed without a verdict")
        .contains("GATE_COMPARE_ARGS=\"--match all\" fails the gate on them");

    deleteRecursively(dir.resolve("gate"));
    Result strict =
        fixedGate(1, List.of(oneFork.toString()), List.of(slower.toString()), "--match all");
    assertThat(strict.code()).as(strict.out() + strict.err()).isEqualTo(1);
    assertThat(strict.out())
        .doesNotContain("passed without a verdict")
        .doesNotContain("a scenario regressed")
        .containsPattern(
            "jmh-gate: no scenario regressed, but NOT JUDGED: 1( \\([^)]*\\))? fail the gate"
                + " under --match all");
  }

  private static void deleteRecursively(Path root) throws Exception {
    try (var paths = Files.walk(root)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(path);
      }
    }
  }

  @Test
  @DisplayName(
      "a benchmark that failed in the head, left out of JMH's file by a command that exits 0: exit"
          + " 1, the missing benchmark named")
  void benchmarkMissingFromHeadFails() throws Exception {
    Result result =
        fixedGate(
            1,
            List.of(publicFile("jmh-1.37-all-ok.json")),
            List.of(publicFile("jmh-1.37-with-failed.json")));

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(result.out()).contains("1 baseline scenario not run");
    assertThat(result.err())
        .contains("jmh-gate: 1 baseline scenario not run")
        .contains("missing from the head's results")
        .contains("JMH leaves out when a benchmark fails")
        .contains("ParserBenchmark.parseDouble")
        .doesNotContain("splitCsv");
  }

  @Test
  @DisplayName(
      "a head's JMH command that exits non-zero, though it wrote its file: exit 1 after that round,"
          + " its log named")
  void failingHeadCommandFails() throws Exception {
    String file = publicFile("jmh-1.37-all-ok.json");

    Result result = fixedGate(2, List.of(file), List.of(file, "1"));

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(1);
    assertThat(result.err())
        .contains("the head's benchmarks failed in round 1 (the command exited 1)")
        .contains("head-round-01.log")
        .contains("fake JMH: " + file + ", exit code 1");
    assertThat(result.out()).doesNotContain("round 2 of 2").doesNotContain("comparing");
    assertThat(dir.resolve("gate").resolve("comparison.txt")).doesNotExist();
  }

  @Test
  @DisplayName(
      "a base's JMH command that exits non-zero, though it wrote its file: exit 2, no baseline,"
          + " its log named")
  void failingBaseCommandIsBadInput() throws Exception {
    String file = publicFile("jmh-1.37-all-ok.json");

    Result result = fixedGate(2, List.of(file, "3"), List.of(file));

    assertThat(result.code()).as(result.out() + result.err()).isEqualTo(2);
    assertThat(result.err())
        .contains("the base's command failed in round 1 (it exited 3), so there is no baseline")
        .contains("base-round-01.log");
    assertThat(result.out()).doesNotContain("round 1 of 2: head");
  }

  @Test
  @DisplayName(
      "bad usage exits 2 with a message: no ---, rounds of 0, a command setting -rf, a command that"
          + " succeeds without a result file, rounds already there")
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

    Result nothing = gate(List.of(out, "1", "--", "true", "---", "true"));
    assertThat(nothing.code()).isEqualTo(2);
    assertThat(nothing.err())
        .contains("round 1 of base wrote no result file")
        .contains("the command exited 0")
        .contains("base-round-01.log");

    Files.writeString(dir.resolve("bad").resolve("base").resolve("round-01.json"), "[]");
    Result again = gate(List.of(out, "1", "--", "true", "---", "true"));
    assertThat(again.code()).isEqualTo(2);
    assertThat(again.err()).contains("already holds rounds");
  }
}
