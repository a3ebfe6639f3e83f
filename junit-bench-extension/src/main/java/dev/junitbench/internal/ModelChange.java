package dev.junitbench.internal;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ModelInfo;
import dev.junitbench.results.ScenarioResult;
import java.util.Locale;
import java.util.Optional;
import org.apiguardian.api.API;

/**
 * How a scenario's model differs from the baseline's, the first thing the regression gate and
 * {@code compare} say of a scenario whose model was swapped under the same name: {@code model
 * changed: e5-small-v2-q.onnx (34 MB, sha 1a2b3c4d..) -> e5-small-v2.onnx (133 MB, sha
 * 3c4d5e6f..)}.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class ModelChange {

  /** How every description starts. */
  public static final String PREFIX = "model changed: ";

  private static final int SHA_PREFIX_HEX = 8;

  private ModelChange() {}

  /**
   * Whether {@code current}'s model is another than {@code baseline}'s: compared on SHA-256 where
   * both carry one, else on size (a baseline written before results carried the hash, a model built
   * in memory). Without a model group on either side, or neither figure on both, nothing tells them
   * apart: false.
   */
  public static boolean changed(ModelInfo baseline, ModelInfo current) {
    if (baseline == null || current == null) {
      return false;
    }
    if (baseline.sha256() != null && current.sha256() != null) {
      return !baseline.sha256().equalsIgnoreCase(current.sha256());
    }
    return baseline.sizeBytes() != null
        && current.sizeBytes() != null
        && !baseline.sizeBytes().equals(current.sizeBytes());
  }

  /**
   * {@code model changed: a.onnx (34 MB, sha 1a2b3c4d..) -> b.onnx (133 MB, sha 3c4d5e6f..)} when
   * {@link #changed} says so, else empty. Each side shows its file name, its size and the first 4
   * bytes of its SHA-256 (more when those are the same on both sides), leaving out what it lacks.
   */
  public static Optional<String> describe(ModelInfo baseline, ModelInfo current) {
    if (!changed(baseline, current)) {
      return Optional.empty();
    }
    int hexDigits = shaDigits(baseline.sha256(), current.sha256());
    boolean exact =
        baseline.sizeBytes() != null
            && current.sizeBytes() != null
            && size(baseline.sizeBytes()).equals(size(current.sizeBytes()));
    return Optional.of(
        PREFIX + side(baseline, hexDigits, exact) + " -> " + side(current, hexDigits, exact));
  }

  /** Whether the gate's verdict on {@code result} began by saying its model changed. */
  public static boolean inVerdict(ScenarioResult result) {
    return result.gate() != null
        && result.gate().message() != null
        && result
            .gate()
            .detail()
            .startsWith(result.benchmark() + " " + result.displayName() + ": " + PREFIX);
  }

  /** Hex digits shown: 8, or up to the first byte that differs when both hashes start alike. */
  private static int shaDigits(String a, String b) {
    int digits = SHA_PREFIX_HEX;
    if (a != null && b != null) {
      while (digits < Math.min(a.length(), b.length()) && a.regionMatches(true, 0, b, 0, digits)) {
        digits += 2;
      }
    }
    return digits;
  }

  private static String side(ModelInfo model, int hexDigits, boolean exactSize) {
    StringBuilder text = new StringBuilder(name(model)).append(" (");
    if (model.sizeBytes() == null) {
      text.append("size unknown");
    } else {
      // Two sizes that round alike are written in bytes, so the difference shows.
      text.append(
          exactSize
              ? String.format(Locale.ROOT, "%,d bytes", model.sizeBytes())
              : size(model.sizeBytes()));
    }
    if (model.sha256() != null) {
      text.append(", sha ")
          .append(model.sha256(), 0, Math.min(hexDigits, model.sha256().length()))
          .append("..");
    }
    return text.append(')').toString();
  }

  /**
   * The model's file name ({@code classpath:models/e5.onnx}: {@code e5.onnx}), or its id without a
   * source.
   */
  private static String name(ModelInfo model) {
    String source = model.source();
    if (source == null || source.isBlank()) {
      return model.id();
    }
    int cut =
        Math.max(
            source.lastIndexOf('/'), Math.max(source.lastIndexOf('\\'), source.lastIndexOf(':')));
    String name = source.substring(cut + 1);
    return name.isBlank() ? source : name;
  }

  /**
   * {@code 812 B}, {@code 4.6 kB}, {@code 34 MB}, {@code 1.2 GB}: decimal units, as file managers
   * show sizes.
   */
  public static String size(long bytes) {
    if (bytes < 1000) {
      return bytes + " B";
    }
    String[] units = {"kB", "MB", "GB", "TB", "PB", "EB"};
    double value = bytes;
    int unit = -1;
    while (value >= 999.5 && unit < units.length - 1) {
      value /= 1000;
      unit++;
    }
    return (value < 9.95
            ? String.format(Locale.ROOT, "%.1f", value)
            : String.format(Locale.ROOT, "%.0f", value))
        + " "
        + units[unit];
  }
}
