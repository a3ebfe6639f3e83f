package dev.junitbench.generation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.junitbench.BatchSizes;
import dev.junitbench.Benchmark;
import dev.junitbench.Fork;
import dev.junitbench.Generate;
import dev.junitbench.Model;
import dev.junitbench.config.Defaults;
import dev.junitbench.infra.Generator;
import dev.junitbench.onnx.Decoders;
import dev.junitbench.onnx.Decoders.Tiny;
import dev.junitbench.onnx.OnnxModel;
import dev.junitbench.onnx.TinyModels;
import dev.junitbench.output.ResultsCsv;
import dev.junitbench.output.TokensCsv;
import dev.junitbench.stats.LatencySummary;
import dev.junitbench.testkit.BenchmarkTestKit;
import dev.junitbench.testkit.ListenerRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("A benchmark that generates text")
class GenerationRunTests {

  @TempDir Path tempDir;

  static class Generating {
    @Benchmark
    @Generate(tokens = 5, promptTokens = 8)
    @BatchSizes({1, 2})
    void generate(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }
  }

  static class ForkedGenerating {
    @Benchmark
    @Fork(2)
    @Generate(tokens = 4, promptTokens = 6)
    void generate(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }
  }

  static class BadGenerating {
    @Benchmark
    @Generate(tokens = 0)
    void zeroTokens(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }

    @Benchmark
    @Generate(tokens = 4, promptTokens = -1)
    void noPrompt(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }

    @Benchmark
    @Generate(tokens = 10, promptTokens = 60)
    void tooLong(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }

    @Benchmark
    void noGenerate(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }

    @Benchmark
    @Generate(tokens = 4)
    void noGenerator(@Model(block = Decoders.Tiny.class) OnnxModel model) {
      model.session();
    }

    @Benchmark
    @Generate(tokens = 4, promptTokens = 4)
    void notADecoder(
        @Model("file:target/test-models/matmul.onnx") OnnxModel model, Generator generator)
        throws Exception {
      generator.generate();
    }

    @Benchmark
    @Generate(tokens = 4, promptTokens = 4)
    void neverCalled(@Model(block = Decoders.Tiny.class) OnnxModel model, Generator generator) {
      generator.batchSize();
    }
  }

  private static String failure(String method, String scenario) {
    return BenchmarkTestKit.with().run(BadGenerating.class, method).failure(scenario);
  }

  @Test
  @DisplayName("with bad input fails with a message naming the annotation and the fix")
  void badInput() throws Exception {
    TinyModels.write();
    String name = BadGenerating.class.getName();
    assertThat(failure("zeroTokens", "[invalid configuration]"))
        .isEqualTo(
            "@Generate(tokens = 0) on zeroTokens of "
                + name
                + "#zeroTokens is not valid: a request generates at least 1 new token, e.g. @Generate(tokens = 32)");
    assertThat(failure("noPrompt", "[invalid configuration]"))
        .isEqualTo(
            "@Generate(promptTokens = -1) on noPrompt of "
                + name
                + "#noPrompt is not valid: a prompt has at least 1 token, e.g. @Generate(tokens = 32, promptTokens = 128)");
    // JUnit says which parameter it could not resolve, then the extension's message.
    assertThat(failure("tooLong", "[device=cpu]"))
        .endsWith(
            "]: @Generate of "
                + name
                + "#tooLong [device=cpu], model"
                + " 'Tiny': a prompt of 60 tokens and 10 new tokens need 69 positions, but the model has 64; lower"
                + " @Generate(promptTokens) or @Generate(tokens)");
    assertThat(failure("noGenerate", "[invalid configuration]"))
        .isEqualTo(
            "The Generator parameter of "
                + name
                + "#noGenerate is not valid: it needs @Generate on the method or its class, e.g. @Generate(tokens = 32,"
                + " promptTokens = 128)");
    assertThat(failure("noGenerator", "[invalid configuration]"))
        .startsWith(
            "@Generate on noGenerator of "
                + name
                + "#noGenerator is not valid: the method needs a @Model parameter of a decoder and a Generator parameter");
    assertThat(failure("notADecoder", "[device=cpu]"))
        .contains(
            "]: @Generate of "
                + name
                + "#notADecoder [device=cpu],"
                + " model 'matmul': Model 'matmul' is not a decoder exported with past: it has no KV-cache inputs")
        .endsWith(
            "Export it with past: optimum-cli export onnx --task text-generation-with-past --model <model id or"
                + " folder> <output folder>");
    assertThat(failure("neverCalled", "[device=cpu]"))
        .isEqualTo(
            name
                + "#neverCalled [device=cpu]: the benchmark never"
                + " called Generator.generate() while it was measured; call it once per iteration");
  }

  @Test
  @DisplayName(
      "reports TTFT, TPOT, ITL, end-to-end and tokens/s, each recomputable from tokens.csv")
  void figuresFromTokens() throws Exception {
    ListenerRun.Outcome outcome = ListenerRun.into(tempDir.resolve("out")).run(Generating.class);
    assertThat(outcome.summary().getTestsSucceededCount()).isEqualTo(2);
    List<CSVRecord> tokens = ListenerRun.parseCsv(outcome.text(TokensCsv.FILE));
    assertThat(ListenerRun.csvHeader(outcome.text(TokensCsv.FILE)))
        .containsExactly("result_id", "request", "token", "ns");
    Map<String, List<CSVRecord>> byResult =
        tokens.stream().collect(Collectors.groupingBy(r -> r.get("result_id")));
    for (String scenario : List.of("[device=cpu, batch_size=1]", "[device=cpu, batch_size=2]")) {
      JsonNode result = outcome.result("generate", scenario);
      JsonNode generation = result.get("generation");
      int batch = scenario.contains("=2") ? 2 : 1;
      assertThat(generation.get("prompt_tokens").asInt()).isEqualTo(8);
      assertThat(generation.get("new_tokens").asInt()).isEqualTo(5);
      assertThat(generation.get("batch_size").asInt()).isEqualTo(batch);
      assertThat(generation.get("requests").asInt()).isEqualTo(7);
      assertThat(generation.get("prompt").asText()).startsWith("seeded token ids (seed 42");
      List<CSVRecord> rows = byResult.get(result.get("id").asText());
      assertThat(rows).hasSize(7 * 5);
      assertRecomputable(
          generation, rows, 5, batch, 8, result.get("measurement").get("time_ms").asDouble());
      assertThat(result.get("model").get("id").asText()).isEqualTo("Tiny");
      assertThat(result.get("model").get("size_bytes").asLong()).isPositive();
      assertThat(result.get("model").get("sha256").asText())
          .as("the SHA-256 of the file the decoder was written to")
          .isEqualTo(sha256(new Tiny().build(Path.of(Defaults.MODELS_DIR))));
    }
    assertThat(ListenerRun.csvHeader(outcome.text(ResultsCsv.FILE)))
        .contains(
            "generation_ttft_ms_median",
            "generation_tpot_ms_median",
            "generation_itl_ms_p99",
            "generation_output_tokens_per_s");
    assertThat(outcome.out())
        .contains("generation: 8 prompt tokens, 5 new tokens per sequence, greedy")
        .contains("TTFT p50")
        .contains("TPOT p50")
        .contains("ITL p99")
        .contains("prefill tok/s");
    assertThat(outcome.printed()).contains("generation (5 tokens after 8): TTFT median ");
  }

  private static String sha256(Path file) throws Exception {
    return HexFormat.of()
        .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
  }

  @Test
  @DisplayName("in forks pools every fork's requests into one set of figures and one tokens.csv")
  void forked() {
    ListenerRun.Outcome outcome =
        ListenerRun.into(tempDir.resolve("out")).run(ForkedGenerating.class);
    assertThat(outcome.summary().getTestsSucceededCount())
        .as(outcome.out() + outcome.err())
        .isEqualTo(1);
    JsonNode result = outcome.result("generate", "[device=cpu]");
    assertThat(result.get("forks").get("completed").asInt()).isEqualTo(2);
    JsonNode generation = result.get("generation");
    assertThat(generation.get("requests").asInt()).isEqualTo(14);
    List<CSVRecord> rows = ListenerRun.parseCsv(outcome.text(TokensCsv.FILE));
    assertThat(rows).hasSize(14 * 4);
    assertThat(rows.get(rows.size() - 1).get("request")).isEqualTo("14");
    assertRecomputable(
        generation, rows, 4, 1, 6, result.get("measurement").get("time_ms").asDouble());
  }

  /**
   * Every figure of {@code generation} recomputed from the rows of tokens.csv, with the definitions
   * the user guide gives (docs/generation.adoc).
   */
  private static void assertRecomputable(
      JsonNode generation,
      List<CSVRecord> rows,
      int n,
      int batch,
      int prompt,
      double measurementMs) {
    int requests = rows.size() / n;
    long[] ttft = new long[requests];
    long[] e2e = new long[requests];
    long[] tpot = new long[requests];
    List<Long> gaps = new ArrayList<>();
    long[] rate = new long[requests];
    double prefillNs = 0;
    for (int r = 0; r < requests; r++) {
      long[] times = new long[n];
      for (int k = 0; k < n; k++) {
        CSVRecord row = rows.get(r * n + k);
        assertThat(row.get("request")).isEqualTo(String.valueOf(r + 1));
        assertThat(row.get("token")).isEqualTo(String.valueOf(k));
        times[k] = Long.parseLong(row.get("ns"));
      }
      ttft[r] = times[0];
      e2e[r] = times[n - 1];
      tpot[r] = Math.round((e2e[r] - ttft[r]) / (double) (n - 1));
      for (int k = 1; k < n; k++) {
        gaps.add(times[k] - times[k - 1]);
      }
      rate[r] = Math.round(batch * n / (e2e[r] / 1e9) * 1000);
      prefillNs += ttft[r];
    }
    assertSummary(generation.get("ttft_ms"), LatencySummary.of(ttft, requests));
    assertSummary(generation.get("e2e_ms"), LatencySummary.of(e2e, requests));
    assertSummary(generation.get("tpot_ms"), LatencySummary.of(tpot, requests));
    long[] itl = gaps.stream().mapToLong(Long::longValue).toArray();
    assertSummary(generation.get("itl_ms"), LatencySummary.of(itl, itl.length));
    assertSummary(
        generation.get("request_output_tokens_per_s"), LatencySummary.scaled(rate, requests, 1000));
    double outputs = (double) batch * n * requests / (measurementMs / 1e3);
    assertThat(generation.get("output_tokens_per_s").asDouble())
        .isCloseTo(outputs, within(outputs * 1e-9));
    double prefill = (double) batch * prompt * requests / (prefillNs / 1e9);
    assertThat(generation.get("prefill_tokens_per_s").asDouble())
        .isCloseTo(prefill, within(prefill * 1e-9));
  }

  private static void assertSummary(JsonNode json, LatencySummary expected) {
    assertThat(json.get("count").asLong()).isEqualTo(expected.count());
    assertThat(json.get("median").asDouble()).isEqualTo(expected.median());
    assertThat(json.get("mean").asDouble()).isEqualTo(expected.mean());
    assertThat(json.get("p99").asDouble()).isEqualTo(expected.p99());
    assertThat(json.get("min").asDouble()).isEqualTo(expected.min());
    assertThat(json.get("max").asDouble()).isEqualTo(expected.max());
  }
}
