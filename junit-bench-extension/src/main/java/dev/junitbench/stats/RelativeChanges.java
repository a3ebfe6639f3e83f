package dev.junitbench.stats;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.math.BigDecimal;
import org.apiguardian.api.API;

/**
 * How a setting writes a relative change: {@code 5%}, or the fraction {@code 0.05}. A bare number
 * of 1 or more is refused: {@code 10} meant as 10% would be a change of 1000%, a threshold that
 * never calls anything.
 */
@API(status = INTERNAL, since = "0.1")
public final class RelativeChanges {

  private RelativeChanges() {}

  /**
   * What is wrong with {@code text} read as the fraction {@code value}: {@code is a fraction, a
   * change of 1000%: write 10% for that many percent (or 0.1); ...} when it is a bare number of 1
   * or more, else null.
   */
  public static String bareNumberProblem(String text, double value) {
    String trimmed = text == null ? "" : text.trim();
    if (trimmed.endsWith("%") || !(value >= 1) || !Double.isFinite(value)) {
      return null;
    }
    BigDecimal fraction = BigDecimal.valueOf(value).movePointLeft(2).stripTrailingZeros();
    return "is a fraction, a change of "
        + BigDecimal.valueOf(value).movePointRight(2).stripTrailingZeros().toPlainString()
        + "%: write "
        + trimmed
        + "% for that many percent"
        + (fraction.compareTo(BigDecimal.ONE) < 0 ? " (or " + fraction.toPlainString() + ")" : "")
        + "; a bare number is a fraction, and a change of 100% or more is written with %";
  }
}
