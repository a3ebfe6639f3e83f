package dev.junitbench.reports.compare;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.junitbench.internal.TextTable;
import dev.junitbench.profile.ProfileDifference.GrownFrame;
import dev.junitbench.reports.Markdown;
import dev.junitbench.reports.ScenarioNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The lines a comparison gives a regressed scenario's profiles: where to look first (the frames
 * whose self share grew most) and the link to the differential flame graph, or why there is none;
 * in the text, Markdown and JSON outputs alike.
 */
public final class RegressionProfileText {

  private RegressionProfileText() {}

  /** The text lines under a benchmark's table for its regressed {@code rows}. */
  static List<String> text(
      List<RunComparison.Row> rows, RegressionProfiles profiles, ScenarioNames names) {
    List<String> lines = new ArrayList<>();
    for (RunComparison.Row row : rows) {
      RegressionProfiles.Difference difference = profiles.of(row.key());
      if (difference == null) {
        continue;
      }
      lines.addAll(
          TextTable.wrap(
              "where to look first, " + names.label(row.named()) + " (" + difference.kind() + "):",
              "  ",
              "    ",
              ComparisonText.WIDTH));
      for (int i = 0; i < difference.grown().size(); i++) {
        lines.add(TextTable.cut("    " + (i + 1) + ". " + frame(difference.grown().get(i)), 120));
      }
      if (difference.link() != null) {
        lines.add("    differential flame graph: " + difference.link());
      }
      if (difference.note() != null) {
        lines.addAll(TextTable.wrap(difference.note(), "    ", "      ", ComparisonText.WIDTH));
      }
    }
    return lines;
  }

  /**
   * The text lines of why no regressed scenario got a difference ({@link RegressionProfiles#note}),
   * after every table; empty without one.
   */
  static List<String> note(RegressionProfiles profiles) {
    if (profiles.note() == null) {
      return List.of();
    }
    List<String> lines = new ArrayList<>(List.of(""));
    lines.addAll(
        TextTable.wrap("where to look first: " + profiles.note(), "", "  ", ComparisonText.WIDTH));
    return lines;
  }

  /**
   * The Markdown section of all regressed scenarios' profiles, or of why they have none; or empty.
   */
  public static String markdown(
      List<RunComparison.Row> rows, RegressionProfiles profiles, ScenarioNames names) {
    StringBuilder md = new StringBuilder();
    for (RunComparison.Row row : rows) {
      RegressionProfiles.Difference difference = profiles.of(row.key());
      if (difference == null) {
        continue;
      }
      if (md.length() == 0) {
        md.append("**Where to look first**\n\n");
      }
      md.append("- ")
          .append(Markdown.escape(names.label(row.named())))
          .append(" (")
          .append(Markdown.escape(difference.kind()))
          .append(" profile)");
      if (difference.link() != null) {
        md.append(": [differential flame graph](").append(difference.link()).append(')');
      }
      md.append('\n');
      for (int i = 0; i < difference.grown().size(); i++) {
        GrownFrame grown = difference.grown().get(i);
        md.append("  ")
            .append(i + 1)
            .append(". `")
            .append(grown.frame().replace("`", "'"))
            .append("` ")
            // Digits, signs and words only: nothing Markdown would read.
            .append(shares(grown))
            .append('\n');
      }
      if (difference.note() != null) {
        md.append("  ").append(Markdown.escape(difference.note())).append('\n');
      }
    }
    if (profiles.note() != null) {
      if (md.length() == 0) {
        md.append("**Where to look first**\n\n");
      }
      md.append(Markdown.escape(profiles.note())).append('\n');
    }
    return md.length() == 0 ? "" : md.append('\n').toString();
  }

  /** The {@code profile_difference} object of a regressed scenario, or null. */
  static ObjectNode json(RunComparison.Row row, RegressionProfiles profiles) {
    RegressionProfiles.Difference difference = profiles.of(row.key());
    if (difference == null) {
      return null;
    }
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("kind", difference.kind());
    node.put("flame_graph", difference.link());
    var frames = node.putArray("grown_frames");
    for (GrownFrame grown : difference.grown()) {
      ObjectNode frame = frames.addObject();
      frame.put("frame", grown.frame());
      frame.put("baseline_self_share", grown.baseShare());
      frame.put("current_self_share", grown.headShare());
      frame.put("growth", grown.growth());
    }
    node.put("note", difference.note());
    return node;
  }

  /** {@code com/example/Model.embed self 2.0% -> 41.5% (+39.5 points)}. */
  public static String frame(GrownFrame grown) {
    return grown.frame() + "  " + shares(grown);
  }

  /** {@code self 2.0% -> 41.5% (+39.5 points)}. */
  public static String shares(GrownFrame grown) {
    return String.format(
        Locale.ROOT,
        "self %.1f%% -> %.1f%% (+%.1f points)",
        grown.baseShare() * 100,
        grown.headShare() * 100,
        grown.growth() * 100);
  }
}
