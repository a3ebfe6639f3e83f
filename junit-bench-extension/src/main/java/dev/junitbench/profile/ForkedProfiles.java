package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.results.ProfileFigures;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apiguardian.api.API;

/** The profiles of a scenario's forks joined into the profile of its pooled result. */
@API(status = INTERNAL, since = "0.1")
public final class ForkedProfiles {

  private ForkedProfiles() {}

  /**
   * One profile of {@code forks} (each fork's, in fork order; null where a fork recorded none): all
   * their files in fork order, the profiler and event of the first that recorded, and every
   * distinct warning, with a fork that recorded nothing named; null when no fork was profiled.
   */
  public static ProfileFigures joined(List<ProfileFigures> forks) {
    ProfileFigures first = null;
    List<String> files = new ArrayList<>();
    Set<String> warnings = new LinkedHashSet<>();
    for (int fork = 1; fork <= forks.size(); fork++) {
      ProfileFigures profile = forks.get(fork - 1);
      if (profile == null) {
        continue;
      }
      if (first == null || (first.event() == null && profile.event() != null)) {
        first = profile;
      }
      files.addAll(profile.jfr());
      if (profile.jfr().isEmpty()) {
        warnings.add("fork " + fork + " recorded nothing");
      }
      if (profile.warning() != null) {
        warnings.add(profile.warning());
      }
    }
    if (first == null) {
      return null;
    }
    return new ProfileFigures(
        first.kind(),
        first.event(),
        first.profiler(),
        files,
        null,
        null,
        null,
        warnings.isEmpty() ? null : String.join("; ", warnings));
  }
}
