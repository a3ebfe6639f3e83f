package dev.junitbench.config;

/** Reads a relative amount as the settings write it: {@code 5%} or {@code 0.05}. */
final class Fractions {

  private Fractions() {}

  /** {@code 5%} or {@code 0.05} as 0.05; NaN when {@code value} is neither. */
  static double parse(String value) {
    String text = value.trim();
    boolean percent = text.endsWith("%");
    try {
      double parsed =
          Double.parseDouble(percent ? text.substring(0, text.length() - 1).trim() : text);
      return percent ? parsed / 100 : parsed;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }
}
