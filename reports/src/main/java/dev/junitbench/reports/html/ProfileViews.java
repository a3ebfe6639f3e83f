package dev.junitbench.reports.html;

import dev.junitbench.profile.ProfileDifference.GrownFrame;
import dev.junitbench.reports.ScenarioNames;
import dev.junitbench.reports.compare.RegressionProfileText;
import dev.junitbench.reports.compare.RegressionProfiles;
import dev.junitbench.results.ProfileFigures;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.ScenarioKey;
import dev.junitbench.results.ScenarioResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a report shows of the profiles recorded per scenario ({@code profile} in results.json): the
 * kind, event and profiler, a link to the flame graph, the top frames by self time and any warning;
 * with a baseline, a regressed scenario's differential flame graph and the frames that grew most.
 */
final class ProfileViews {

  /** The frames each profile's table lists. */
  static final int TOP_FRAMES = 5;

  record ProfileView(
      String run,
      String scenario,
      String kind,
      String recordedBy,
      String flameGraph,
      List<FrameView> topFrames,
      String warning,
      String difference,
      List<String> grown,
      String differenceNote) {

    boolean hasGrown() {
      return !grown.isEmpty();
    }

    boolean hasTopFrames() {
      return !topFrames.isEmpty();
    }
  }

  record FrameView(String frame, String share) {}

  private ProfileViews() {}

  /**
   * A view of each profiled scenario of {@code folders}, links relative to {@code reportFolder}
   * (the folder report.html is written to); the first run's regressed scenarios with their {@code
   * differences} from the baseline.
   */
  static List<ProfileView> of(
      List<RunFolder> folders,
      List<String> runLabels,
      ScenarioNames names,
      Path reportFolder,
      RegressionProfiles differences) {
    List<ProfileView> views = new ArrayList<>();
    for (int i = 0; i < folders.size(); i++) {
      RunFolder folder = folders.get(i);
      for (ScenarioResult result : folder.results()) {
        ProfileFigures profile = result.profile();
        if (profile == null) {
          continue;
        }
        RegressionProfiles.Difference difference =
            i == 0 ? differences.of(ScenarioKey.of(result.benchmark(), result.params())) : null;
        views.add(
            new ProfileView(
                runLabels.get(i),
                names.label(result),
                profile.kind(),
                recordedBy(profile),
                profile.flameGraph() == null
                    ? null
                    : RegressionProfiles.link(
                        reportFolder, folder.dir().resolve(profile.flameGraph())),
                profile.topFrames().stream().limit(TOP_FRAMES).map(ProfileViews::frame).toList(),
                profile.warning(),
                difference == null || difference.flameGraph() == null
                    ? null
                    : RegressionProfiles.link(reportFolder, difference.flameGraph()),
                difference == null
                    ? List.of()
                    : difference.grown().stream().map(ProfileViews::grown).toList(),
                difference == null ? null : difference.note()));
      }
    }
    return views;
  }

  private static String recordedBy(ProfileFigures profile) {
    if (profile.event() == null && profile.profiler() == null) {
      return "nothing recorded";
    }
    return "event "
        + (profile.event() == null ? "-" : profile.event())
        + ", by "
        + (profile.profiler() == null ? "-" : profile.profiler());
  }

  private static FrameView frame(ProfileFigures.Frame frame) {
    return new FrameView(
        frame.frame(), String.format(Locale.ROOT, "%.1f%%", frame.selfShare() * 100));
  }

  private static String grown(GrownFrame frame) {
    return RegressionProfileText.frame(frame);
  }
}
