package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.internal.AtomicFiles;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import one.convert.Arguments;
import one.convert.FlameGraph;
import org.apiguardian.api.API;

/**
 * The difference between two profiles of one scenario, a base (the baseline run) and a head (the
 * run judged): a differential flame graph of what grew and what shrank, and the frames whose share
 * of the samples grew most, where a regression is best looked for first.
 *
 * <p>A profile is given as collapsed stacks, async-profiler's format: each stack's frames root
 * first joined by {@code ;}, mapped to its weight (samples, or bytes, or nanoseconds), the forks of
 * a side already merged by adding weights. The two sides may hold different numbers of samples (a
 * longer measurement, another interval); both are compared by shares, each side's weights over its
 * own total.
 *
 * @since 0.1.0
 */
@API(status = INTERNAL, since = "0.1")
public final class ProfileDifference {

  private final Map<String, Long> base;
  private final Map<String, Long> head;
  private final long baseTotal;
  private final long headTotal;
  private final ProfileKind kind;

  private ProfileDifference(
      Map<String, Long> base,
      Map<String, Long> head,
      long baseTotal,
      long headTotal,
      ProfileKind kind) {
    this.kind = kind;
    this.base = base;
    this.head = head;
    this.baseTotal = baseTotal;
    this.headTotal = headTotal;
  }

  /**
   * The difference from {@code base} to {@code head}.
   *
   * @throws IllegalArgumentException when a side holds no samples, or a stack is blank or has a
   *     negative weight
   */
  public static ProfileDifference of(Map<String, Long> base, Map<String, Long> head) {
    return of(base, head, ProfileKind.CPU);
  }

  /**
   * The difference from {@code base} to {@code head}, profiles of {@code kind}: its self frames are
   * found as {@link FlameGraphs#selfFrame} finds them.
   *
   * @throws IllegalArgumentException when a side holds no samples, or a stack is blank or has a
   *     negative weight
   */
  public static ProfileDifference of(
      Map<String, Long> base, Map<String, Long> head, ProfileKind kind) {
    return new ProfileDifference(
        Map.copyOf(base), Map.copyOf(head), total(base, "base"), total(head, "head"), kind);
  }

  private static long total(Map<String, Long> stacks, String side) {
    long total = 0;
    for (Map.Entry<String, Long> stack : stacks.entrySet()) {
      if (stack.getKey().isBlank()) {
        throw new IllegalArgumentException(
            "The "
                + side
                + " profile holds a blank stack: give each stack its frames, root first.");
      }
      if (stack.getValue() < 0) {
        throw new IllegalArgumentException(
            "The "
                + side
                + " profile gives the stack '"
                + stack.getKey()
                + "' the negative weight "
                + stack.getValue()
                + ": weights are samples, bytes or nanoseconds, never below 0.");
      }
      total = Math.addExact(total, stack.getValue());
    }
    if (total == 0) {
      throw new IllegalArgumentException(
          "The "
              + side
              + " profile holds no samples: a difference needs samples on both sides (record a"
              + " longer measurement, or check the profile's warning).");
    }
    return total;
  }

  /**
   * The difference of two profiles recorded as JFR files: {@code base} and {@code head} each a
   * side's files (one per fork, added up), read for {@code kind}'s event.
   *
   * @throws IOException when a file cannot be read (it is named)
   * @throws IllegalArgumentException when a side holds no samples of that kind
   */
  public static ProfileDifference ofRecordings(List<Path> base, List<Path> head, ProfileKind kind)
      throws IOException {
    return of(collapsedStacks(base, kind), collapsedStacks(head, kind), kind);
  }

  /**
   * The collapsed stacks of the JFR files {@code recordings} for {@code kind}, added up: each
   * stack, root first, to its samples (for {@code alloc} its bytes, for {@code lock} the
   * nanoseconds waited).
   *
   * @throws IOException when a file cannot be read (it is named)
   */
  public static Map<String, Long> collapsedStacks(List<Path> recordings, ProfileKind kind)
      throws IOException {
    return FlameGraphs.read(kind, recordings).weights();
  }

  /** The samples (or bytes, or nanoseconds) of the base, all stacks added. */
  public long baseTotal() {
    return baseTotal;
  }

  /** The samples (or bytes, or nanoseconds) of the head, all stacks added. */
  public long headTotal() {
    return headTotal;
  }

  /**
   * The frames whose self share grew most from base to head, largest growth first, at most {@code
   * limit}; frames that did not grow are left out. Self share, not total: a frame's total share
   * grows at least as much as that of any frame it calls, so ranked by total the callers (the
   * thread, the benchmark method) would always come first and say nothing about where the time
   * went.
   */
  public List<GrownFrame> grownFrames(int limit) {
    if (limit < 0) {
      throw new IllegalArgumentException("The number of frames wanted is " + limit + ", below 0.");
    }
    Map<String, Long> baseSelf = selfWeights(base, kind);
    Map<String, Long> headSelf = selfWeights(head, kind);
    Set<String> frames = new LinkedHashSet<>(headSelf.keySet());
    frames.addAll(baseSelf.keySet());
    return frames.stream()
        .map(
            frame ->
                new GrownFrame(
                    frame,
                    baseSelf.getOrDefault(frame, 0L) / (double) baseTotal,
                    headSelf.getOrDefault(frame, 0L) / (double) headTotal,
                    baseSelf.getOrDefault(frame, 0L),
                    headSelf.getOrDefault(frame, 0L)))
        .filter(frame -> frame.growth() > 0)
        .sorted(
            Comparator.comparingDouble(GrownFrame::growth)
                .reversed()
                .thenComparing(GrownFrame::frame))
        .limit(limit)
        .toList();
  }

  /** Each frame's self weight: the weights of the stacks it tops. */
  private static Map<String, Long> selfWeights(Map<String, Long> stacks, ProfileKind kind) {
    Map<String, Long> self = new HashMap<>();
    stacks.forEach(
        (stack, weight) -> self.merge(FlameGraphs.selfFrame(kind, stack), weight, Long::sum));
    return self;
  }

  /**
   * Writes the differential flame graph to {@code file}, a self-contained HTML page
   * (async-profiler's flame graph, no other file needed) titled {@code title}. It takes the head's
   * shape, every frame as wide as in the head's own flame graph; the colour says how its self
   * weight changed: red grew, blue shrank, yellow is new. Frames only the base has are not shown.
   * The base is first scaled to the head's total, so a colour shows a change of share, not of how
   * long either side was recorded; the tooltip's delta is in the head's units.
   */
  public void writeFlameGraph(Path file, String title) throws IOException {
    Arguments arguments = new Arguments();
    arguments.title = FlameGraphs.pageTitle(title);
    arguments.diff = true;
    FlameGraph baseGraph = new FlameGraph(arguments);
    baseGraph.parseCollapsed(new StringReader(collapsed(base, headTotal / (double) baseTotal)));
    FlameGraph headGraph = new FlameGraph(arguments);
    headGraph.parseCollapsed(new StringReader(collapsed(head, 1)));
    headGraph.diff(baseGraph);
    AtomicFiles.write(
        file,
        (out, previous) -> {
          PrintStream page = new PrintStream(out, false, StandardCharsets.UTF_8);
          headGraph.dump(page);
          page.flush();
          // PrintStream keeps its errors to itself: a full disk must not pass for a written page.
          if (page.checkError()) {
            throw new IOException("Could not write the differential flame graph " + file);
          }
        });
  }

  /** The stacks as collapsed lines, each weight times {@code scale}. */
  private static String collapsed(Map<String, Long> stacks, double scale) {
    StringBuilder lines = new StringBuilder();
    stacks.forEach(
        (stack, weight) -> {
          long scaled = Math.round(weight * scale);
          if (scaled > 0) {
            lines.append(stack).append(' ').append(scaled).append('\n');
          }
        });
    return lines.toString();
  }

  /**
   * A frame whose self share grew.
   *
   * @param frame the frame as the flame graph names it ({@code com/example/Model.embed})
   * @param baseShare its self weight over all of the base's, 0 to 1
   * @param headShare its self weight over all of the head's, 0 to 1
   * @param baseSelf its self weight in the base (samples, bytes or nanoseconds)
   * @param headSelf its self weight in the head
   * @since 0.1.0
   */
  @API(status = INTERNAL, since = "0.1")
  public record GrownFrame(
      String frame, double baseShare, double headShare, long baseSelf, long headSelf) {

    /** How much its share grew: head share minus base share, 0 to 1. */
    public double growth() {
      return headShare - baseShare;
    }
  }
}
