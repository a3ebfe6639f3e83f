package dev.junitbench.results;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.stats.LatencySummary;
import java.util.Locale;
import org.apiguardian.api.API;

/** How figures read to people: durations in a fitting unit, rates, and the report-entry summary. */
@API(status = INTERNAL, since = "0.1")
public final class UnitFormat {

  /** Key of the report entry that gives a scenario's summary (IDEs show it beside the test). */
  public static final String REPORT_ENTRY_KEY = "junit.bench.summary";

  private UnitFormat() {}

  /**
   * {@code ms} milliseconds in a unit that keeps the number readable: {@code 48.30 ns}, {@code
   * 7.312 ms}.
   */
  public static String duration(Double ms) {
    if (ms == null) {
      return "-";
    }
    double abs = Math.abs(ms);
    if (abs < 0.001) {
      return number(ms * 1e6) + " ns";
    }
    if (abs < 1) {
      return number(ms * 1e3) + " us";
    }
    if (abs < 1000) {
      return number(ms) + " ms";
    }
    return number(ms / 1e3) + " s";
  }

  /**
   * {@code ms} in the unit {@link #duration} chooses for {@code referenceMs}, without the unit: the
   * bounds of an interval read in their median's unit.
   */
  public static String inUnitOf(double ms, double referenceMs) {
    double abs = Math.abs(referenceMs);
    double scale = abs < 0.001 ? 1e6 : abs < 1 ? 1e3 : abs < 1000 ? 1 : 1e-3;
    return number(ms * scale);
  }

  /** A relative change as people read it: {@code +12.3%} for 0.123. */
  public static String change(double change) {
    return String.format(Locale.ROOT, "%+.1f%%", change * 100);
  }

  /** A p-value with its magnitude visible: {@code 0.034}, {@code 3.2e-12}, {@code < 1e-300}. */
  public static String pValue(double p) {
    if (p < 1e-300) {
      return "< 1e-300"; // where the normal tail's double runs out
    }
    return p >= 0.001
        ? String.format(Locale.ROOT, "%.3g", p)
        : String.format(Locale.ROOT, "%.2g", p);
  }

  /** {@code p = 0.034}, or {@code p < 1e-300} below what a double reaches. */
  public static String pIs(double p) {
    String value = pValue(p);
    return value.startsWith("<") ? "p " + value : "p = " + value;
  }

  /** A rate with four significant digits and its unit, or {@code -}. */
  public static String rate(Throughput throughput) {
    if (throughput == null || throughput.value() == null) {
      return "-";
    }
    return number(throughput.value()) + " " + throughput.unit();
  }

  /** Four significant digits, no exponent below a million. */
  public static String number(double value) {
    double abs = Math.abs(value);
    if (abs >= 1e6) {
      return String.format(Locale.ROOT, "%.4g", value);
    }
    int decimals = abs >= 1000 ? 0 : abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
    return String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  /**
   * Bytes in binary units, as the JVM's {@code -Xmx}, {@code @Budget(maxAllocPerOp)} and the
   * allocation rule read them (1 KB = 1024 B), three significant digits: {@code 0 B}, {@code 1016
   * B}, {@code 20.0 KB}, {@code 250 MB}; below 10 B one decimal, so a fraction of a byte per
   * operation still shows; below 10,000 B in bytes.
   */
  public static String bytes(double bytes) {
    double abs = Math.abs(bytes);
    if (abs < 10) {
      return bytes == Math.rint(bytes)
          ? String.format(Locale.ROOT, "%.0f B", bytes)
          : String.format(Locale.ROOT, "%.1f B", bytes);
    }
    if (abs < 10_000) {
      return String.format(Locale.ROOT, "%.0f B", bytes);
    }
    String[] units = {"KB", "MB", "GB", "TB"};
    double value = bytes / 1024;
    int unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    int decimals = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
    return String.format(Locale.ROOT, "%." + decimals + "f %s", value, units[unit]);
  }

  /** One line for a report entry: median, its 95% CI, p99, throughput and sample count. */
  public static String summary(LatencySummary latency, Throughput throughput) {
    String ci =
        latency.ci95Low() == null
            ? "n/a"
            : "[" + duration(latency.ci95Low()) + ", " + duration(latency.ci95High()) + "]";
    return "median "
        + duration(latency.median())
        + ", 95% CI "
        + ci
        + ", p99 "
        + duration(latency.p99())
        + ", "
        + rate(throughput)
        + ", n="
        + latency.count();
  }

  /**
   * The line a scenario prints on its test's thread when measured, so build tools file it under
   * that test: {@code junit-bench: Class.method [params]: median ..., peak RSS ...; baseline: ...}.
   */
  public static String scenarioLine(ScenarioResult result) {
    StringBuilder line =
        new StringBuilder("junit-bench: ")
            .append(shortName(result.benchmark()))
            .append(' ')
            .append(result.displayName())
            .append(": ")
            .append(summary(result.latencyMs(), result.throughput()));
    if (result.load() != null) {
      line.append("; ").append(load(result.load()));
    }
    if (result.generation() != null) {
      line.append("; ").append(generation(result.generation()));
    }
    if (result.forks() != null) {
      line.append("; ").append(forks(result.forks()));
    }
    String warmup = steadiness(result.warmup());
    if (warmup != null) {
      line.append("; ").append(warmup);
    }
    if (result.memory() != null && result.memory().rssPeakMb() != null) {
      line.append(", peak RSS ")
          .append(String.format(Locale.ROOT, "%.0f MiB", result.memory().rssPeakMb()));
    }
    // A plain benchmark's short run is described (the percentiles it supports), never INVALID.
    if (result.validity() != null && result.validity().display() != null) {
      line.append("; ").append(result.validity().display());
    }
    if (result.gate() != null) {
      line.append(result.gate().failed() ? "; FAILED: " : "; gate: ")
          .append(withoutSubject(result, result.gate().detail()));
    }
    return line.toString();
  }

  /**
   * {@code warm-up steady at 1.8 s} or {@code warm-up NOT steady: still drifting ...} of a warm-up
   * run until steady; null for a fixed one.
   */
  public static String steadiness(Phase warmup) {
    if (warmup == null || warmup.steady() == null) {
      return null;
    }
    if (!warmup.steady()) {
      return "warm-up NOT steady: " + warmup.steadyReason();
    }
    return warmup.curve() != null && warmup.curve().settledAtMs() != null
        ? "warm-up steady at " + duration(warmup.curve().settledAtMs())
        : "warm-up steady";
  }

  /**
   * {@code server at 40 qps (scheduled 38.2, achieved 38.1) on 2 workers, 120 queries, issue
   * lateness p99 0.41 ms, service median 6.2 ms; p99 <= 50ms held (observed 21.0 ms, 0 over); peak
   * 80 qps in 4 probes}.
   */
  public static String load(LoadFigures load) {
    StringBuilder text = new StringBuilder(load.scenario());
    if (load.targetQps() != null) {
      text.append(" at ")
          .append(number(load.targetQps()))
          .append(" qps (scheduled ")
          .append(load.scheduledQps() == null ? "-" : number(load.scheduledQps()))
          .append(", achieved ")
          .append(load.achievedQps() == null ? "-" : number(load.achievedQps()))
          .append(')');
    } else if (load.achievedQps() != null) {
      text.append(", ").append(number(load.achievedQps())).append(" queries/s");
    }
    if (load.workers() != null) {
      boolean clients = load.scenario().equals("concurrency");
      text.append(" on ")
          .append(load.workers())
          .append(clients ? " client" : " worker")
          .append(load.workers() == 1 ? "" : "s");
    }
    if (load.samplesPerQuery() != null) {
      text.append(", ").append(load.samplesPerQuery()).append(" samples per query");
    }
    text.append(", ").append(load.queries()).append(" queries");
    if (load.issueLatenessMs() != null) {
      text.append(", issue lateness p99 ").append(duration(load.issueLatenessMs().p99()));
    }
    if (load.serviceMs() != null) {
      text.append(", service median ").append(duration(load.serviceMs().median()));
    }
    LoadFigures.BoundCheck bound = load.latencyBound();
    if (bound != null) {
      text.append("; ").append(bound(bound, load.queries(), "queries"));
    }
    if (load.peak() != null) {
      text.append("; peak ")
          .append(
              load.peak().peakQps() == null ? "none held" : number(load.peak().peakQps()) + " qps")
          .append(" in ")
          .append(load.peak().probes().size())
          .append(" probes");
    }
    if (load.goodput() != null) {
      text.append("; goodput ")
          .append(percent(load.goodput().share()))
          .append(" (")
          .append(load.goodput().good())
          .append(" of ")
          .append(load.goodput().requests())
          .append(" requests within the TTFT/TPOT bounds)");
      for (LoadFigures.BoundCheck check :
          new LoadFigures.BoundCheck[] {load.goodput().ttftCheck(), load.goodput().tpotCheck()}) {
        if (check != null) {
          text.append(", ").append(bound(check, load.goodput().requests(), "requests"));
        }
      }
    }
    return text.toString();
  }

  /** What became of a latency bound: held, missed, or too few queries to tell. */
  public enum BoundState {
    /** It held at 99% confidence (MLPerf LoadGen's early stopping). */
    HELD("held"),
    /** Its percentile is above the bound at 99% confidence, by the queries over it. */
    MISSED("MISSED"),
    /** Neither: too few queries to tell. */
    UNDECIDED("undecided");

    private final String word;

    BoundState(String word) {
      this.word = word;
    }

    /** {@code held}, {@code MISSED} or {@code undecided}, as the console prints it. */
    public String word() {
      return word;
    }

    /** The state of {@code check} in a run of {@code queries}. */
    public static BoundState of(LoadFigures.BoundCheck check, long queries) {
      return check.held() ? HELD : check.missed(queries) ? MISSED : UNDECIDED;
    }
  }

  /**
   * {@code p99 <= 50ms held (observed 19.69 ms, 0 over)}, {@code p99 <= 50ms MISSED (observed 57.49
   * ms, 8 over)}, or {@code p99 <= 50ms undecided: 459 queries, 1,736 needed to hold at 99%
   * confidence (observed 57.49 ms, 8 over)}; {@code counted} names what {@code queries} counts.
   */
  public static String bound(LoadFigures.BoundCheck check, long queries, String counted) {
    BoundState state = BoundState.of(check, queries);
    StringBuilder text = new StringBuilder(check.bound()).append(' ').append(state.word());
    if (state == BoundState.UNDECIDED) {
      text.append(
          String.format(
              Locale.ROOT,
              ": %,d %s, %,d needed to hold at 99%% confidence",
              queries,
              counted,
              check.minQueries()));
    }
    return text.append(" (observed ")
        .append(duration(check.observedMs()))
        .append(", ")
        .append(check.overBound())
        .append(" over)")
        .toString();
  }

  /**
   * {@code generation (32 tokens after 128): TTFT median 80.1 ms, TPOT median 9.12 ms, ITL p99 11.3
   * ms, 98.70 tokens/s, prefill 1598 tokens/s}.
   */
  public static String generation(GenerationFigures g) {
    StringBuilder text =
        new StringBuilder("generation (")
            .append(g.newTokens())
            .append(" tokens after ")
            .append(g.promptTokens())
            .append("): TTFT median ")
            .append(duration(g.ttftMs().median()));
    if (g.tpotMs() != null) {
      text.append(", TPOT median ")
          .append(duration(g.tpotMs().median()))
          .append(", ITL p99 ")
          .append(duration(g.itlMs().p99()));
    }
    if (g.outputTokensPerS() != null) {
      text.append(", ").append(number(g.outputTokensPerS())).append(" tokens/s");
    }
    if (g.prefillTokensPerS() != null) {
      text.append(", prefill ").append(number(g.prefillTokensPerS())).append(" tokens/s");
    }
    return text.toString();
  }

  /**
   * {@code 5 forks: median 7.12 ms, 95% CI across forks [6.98 ms, 7.27 ms] (student-t on log fork
   * medians, 4 df), between-fork CV 1.6%, within-fork 0.3%; Kalibera & Jones: ...}.
   */
  public static String forks(ForkFigures forks) {
    StringBuilder text =
        new StringBuilder()
            .append(forks.completed())
            .append(forks.completed() == forks.planned() ? "" : " of " + forks.planned())
            .append(forks.planned() == 1 ? " fork" : " forks");
    if (forks.medianMs() != null) {
      text.append(": median ").append(duration(forks.medianMs()));
      if (forks.ci95Low() != null) {
        text.append(", 95% CI across forks [")
            .append(duration(forks.ci95Low()))
            .append(", ")
            .append(duration(forks.ci95High()))
            .append(']');
      }
      text.append(" (").append(forks.method()).append(')');
    }
    if (forks.adaptive() != null) {
      text.append(", ").append(stopped(forks.adaptive(), forks.completed()));
    }
    if (forks.betweenForkCv() != null && forks.advice() == null) {
      text.append(", between-fork CV ").append(percent(forks.betweenForkCv()));
      if (forks.withinForkCv() != null) {
        text.append(", within-fork ").append(percent(forks.withinForkCv()));
      }
    }
    text.append(", forking cost ")
        .append(duration(forks.wallTimeMs()))
        .append(" wall (")
        .append(duration(forks.overheadMs()))
        .append(" outside measurement)");
    if (forks.advice() != null) {
      // The advice names both spreads it was drawn from.
      text.append("; ").append(forks.advice().note());
    }
    return text.toString();
  }

  /**
   * Why forks until the answer is known stopped: {@code precision +-2.0% reached at 4 forks
   * (+-1.7%)}, {@code max of 10 forks reached at +-3.1% (precision +-2.0% not reached)}.
   */
  public static String stopped(AdaptiveForks adaptive, int completed) {
    String precision = "+-" + percent(adaptive.precision());
    String reached =
        adaptive.halfWidth() == null ? "no interval" : "+-" + percent(adaptive.halfWidth());
    if (AdaptiveForks.PRECISION_REACHED.equals(adaptive.stopped())) {
      return "precision " + precision + " reached at " + completed + " forks (" + reached + ")";
    }
    if (AdaptiveForks.MAX_REACHED.equals(adaptive.stopped())) {
      return "max of "
          + adaptive.max()
          + " forks reached at "
          + reached
          + " (precision "
          + precision
          + " not reached)";
    }
    return "stopped by a failed fork before precision "
        + precision
        + " (min "
        + adaptive.min()
        + ", max "
        + adaptive.max()
        + " forks)";
  }

  /** {@code 1.6%} of 0.016. */
  public static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }

  /** {@code Class.method} of {@code fully.qualified.Class#method}. */
  public static String shortName(String benchmark) {
    int hash = benchmark.indexOf('#');
    int dot = benchmark.lastIndexOf('.', hash < 0 ? benchmark.length() : hash);
    return benchmark.substring(dot + 1).replace('#', '.');
  }

  private static String withoutSubject(ScenarioResult result, String message) {
    String subject = result.benchmark() + " " + result.displayName() + ": ";
    return message.startsWith(subject) ? message.substring(subject.length()) : message;
  }
}
