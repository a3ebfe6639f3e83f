package dev.junitbench.load;

import dev.junitbench.results.LoadFigures;
import java.util.ArrayList;
import java.util.List;

/** The bounds a loaded run is judged on, as the validity flag reads them. */
public final class LoadBounds {

  private LoadBounds() {}

  /**
   * Its latency bound, then a generating Server run's TTFT and TPOT bounds; none without a load.
   */
  public static List<LoadFigures.BoundCheck> of(LoadFigures load) {
    List<LoadFigures.BoundCheck> bounds = new ArrayList<>();
    if (load == null) {
      return bounds;
    }
    if (load.latencyBound() != null) {
      bounds.add(load.latencyBound());
    }
    if (load.goodput() != null) {
      if (load.goodput().ttftCheck() != null) {
        bounds.add(load.goodput().ttftCheck());
      }
      if (load.goodput().tpotCheck() != null) {
        bounds.add(load.goodput().tpotCheck());
      }
    }
    return bounds;
  }
}
