package dev.junitbench.benchmarks;

import ai.onnxruntime.OrtException;
import dev.junitbench.Benchmark;
import dev.junitbench.Blackhole;
import dev.junitbench.Measurement;
import dev.junitbench.Warmup;
import java.io.IOException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestInfo;

/**
 * MiniLM-int8 on ONNX Runtime, CPU, batch 1, 128 real tokens, with one intra-op thread and with
 * two, run by {@code ci/gate-calibration.sh} in many separate runs to measure how often the
 * regression gate inside JUnit calls a change where there is none and how often it catches a real
 * one. The system property {@value #TOKENS} makes the real slowdown: the same scenario (same
 * params, so the gate compares it) fed longer sentences.
 */
@Tag("performance")
@Tag("self")
@Warmup(iterations = 20)
@Measurement(iterations = 100)
class GateCalibrationBenchmarks {

  /** System property: tokens per sentence, 128 unless set. */
  static final String TOKENS = "gate.calibration.tokens";

  private MiniLmSession session;

  @BeforeEach
  void open(TestInfo test) throws OrtException, IOException {
    int threads =
        test.getTestMethod().map(m -> m.getName().endsWith("TwoThreads") ? 2 : 1).orElse(1);
    session =
        MiniLmSession.withTokensAndThreads(
            Integer.getInteger(TOKENS, MiniLmSession.SEQUENCE_LENGTH), threads, 1);
  }

  @AfterEach
  void close() throws OrtException {
    session.close();
  }

  @Benchmark
  void miniLmInt8(Blackhole blackhole) throws OrtException {
    blackhole.closeAfterTiming(session.session().run(session.inputs(1)));
  }

  @Benchmark
  void miniLmInt8TwoThreads(Blackhole blackhole) throws OrtException {
    blackhole.closeAfterTiming(session.session().run(session.inputs(1)));
  }
}
