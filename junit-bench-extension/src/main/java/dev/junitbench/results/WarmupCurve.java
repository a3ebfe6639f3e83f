package dev.junitbench.results;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.List;
import org.apiguardian.api.API;

/**
 * A steady warm-up as it ran: the rule it followed and the median of each window, so a reader sees
 * when it settled, or how it still drifted at its bound.
 *
 * @param windowMs the shortest window, ms
 * @param windowIterations the fewest calls in a window
 * @param windowsCompared how many of the most recent windows were compared
 * @param tolerance the largest drift across them, end to end, for steady
 * @param maxTimeMs the bound, ms
 * @param settledAtMs when the window that showed it steady ended, ms after the warm-up started;
 *     null when it never did
 * @param driftPerWindow the relative change per window of the last windows compared (Theil-Sen on
 *     their log medians), or null below that many windows
 * @param checksMs the time spent closing windows and judging them, ms: what deciding cost, outside
 *     the timed calls
 * @param windows each window, in order
 * @since 0.1.0
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record WarmupCurve(
    double windowMs,
    int windowIterations,
    int windowsCompared,
    double tolerance,
    double maxTimeMs,
    Double settledAtMs,
    Double driftPerWindow,
    double checksMs,
    List<WarmupWindow> windows) {}
