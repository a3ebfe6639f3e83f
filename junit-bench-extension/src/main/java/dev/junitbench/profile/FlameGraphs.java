package dev.junitbench.profile;

import static org.apiguardian.api.API.Status.INTERNAL;

import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ProfileFigures;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import one.convert.Arguments;
import one.convert.FlameGraph;
import one.convert.JfrToFlame;
import org.apiguardian.api.API;

/**
 * Profiles (JFR files of async-profiler or JDK Flight Recorder) read into {@link Stacks}, and
 * stacks written as a self-contained flame graph (HTML) or summed into the frames with the largest
 * self share; built on async-profiler's converter. The run folder's flame graphs are written with
 * it, and so are the differential ones of two runs.
 */
@API(status = INTERNAL, since = "0.1")
public final class FlameGraphs {

  /** The frames {@code results.json} lists for a profile. */
  public static final int TOP_FRAMES = 10;

  /** The folder of a run folder that holds its profiles, flame graphs and differential ones. */
  public static final String FOLDER = "profiles";

  /** The converter's type suffix of a frame: {@code _[j]}, {@code _[i]}, {@code _[k]}, ... */
  private static final Pattern TYPE_SUFFIX = Pattern.compile("_\\[[a-z0-9]{1,2}]$");

  private FlameGraphs() {}

  /**
   * The stacks of every profile in {@code jfrFiles} (the forks of one scenario, say) of {@code
   * kind}, merged into one set.
   *
   * @throws IOException when a file cannot be read or is not a profile
   */
  public static Stacks read(ProfileKind kind, List<Path> jfrFiles) throws IOException {
    Stacks all = Stacks.NONE;
    for (Path file : jfrFiles) {
      all = all.plus(read(kind, file));
    }
    return all;
  }

  /**
   * The stacks of one profile of {@code kind}.
   *
   * @throws IOException when the file cannot be read or is not a profile
   */
  public static Stacks read(ProfileKind kind, Path jfr) throws IOException {
    if (!Files.isRegularFile(jfr)) {
      throw new NoSuchFileException(
          jfr.toString(), null, "no such profile (was the run folder moved or pruned?)");
    }
    Arguments arguments = arguments(kind, "--output", "collapsed");
    FlameGraph graph;
    try {
      graph = JfrToFlame.parse(jfr.toString(), arguments);
    } catch (IOException | RuntimeException e) {
      throw new IOException(
          jfr + " is not a profile the converter can read (" + e.getMessage() + ")", e);
    }
    ByteArrayOutputStream collapsed = new ByteArrayOutputStream();
    graph.dump(collapsed);
    return Stacks.parse(collapsed.toString(StandardCharsets.UTF_8));
  }

  /**
   * Writes {@code stacks} of {@code kind} to {@code html} as a self-contained flame graph titled
   * {@code title} (as text, never markup); the file is replaced atomically.
   */
  public static void writeHtml(ProfileKind kind, Stacks stacks, String title, Path html)
      throws IOException {
    Arguments arguments = arguments(kind);
    arguments.title = pageTitle(title);
    FlameGraph graph = new FlameGraph(arguments);
    graph.parseCollapsed(new StringReader(stacks.collapsed()));
    AtomicFiles.write(html, (out, previous) -> graph.dump(out));
  }

  /**
   * {@code title} as text of a flame graph's page: the converter puts its title into the page as it
   * is, and a scenario's name ({@code [name=<b>&co]}) must not become markup.
   */
  static String pageTitle(String title) {
    return title
        .replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("'", "&#39;");
  }

  /**
   * The {@code count} frames of {@code stacks} with the largest self share (the part of all samples
   * in which the frame was on top), largest first; frames named without their type suffix.
   */
  public static List<ProfileFigures.Frame> topFrames(ProfileKind kind, Stacks stacks, int count) {
    Map<String, Long> self = new LinkedHashMap<>();
    stacks
        .weights()
        .forEach((stack, weight) -> self.merge(selfFrame(kind, stack), weight, Long::sum));
    long total = stacks.total();
    List<ProfileFigures.Frame> frames = new ArrayList<>();
    self.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()))
        .limit(count)
        .forEach(
            entry ->
                frames.add(
                    new ProfileFigures.Frame(
                        entry.getKey(),
                        total == 0 ? 0 : (double) entry.getValue() / total,
                        entry.getValue())));
    return frames;
  }

  /**
   * The frame a stack of a {@code kind} profile counts as its self frame, without its type suffix:
   * the top frame; for {@code alloc} and {@code lock}, whose top frame is the class allocated or
   * locked, the method below it, the one that allocated or waited.
   */
  public static String selfFrame(ProfileKind kind, String stack) {
    int last = stack.lastIndexOf(';');
    boolean objectOnTop = kind == ProfileKind.ALLOC || kind == ProfileKind.LOCK;
    if (objectOnTop && last > 0) {
      return frameName(stack.substring(stack.lastIndexOf(';', last - 1) + 1, last).strip());
    }
    return frameName(stack.substring(last + 1).strip());
  }

  /** {@code frame} without the converter's type suffix. */
  public static String frameName(String frame) {
    return TYPE_SUFFIX.matcher(frame).replaceFirst("");
  }

  private static Arguments arguments(ProfileKind kind, String... args) {
    Arguments arguments = new Arguments(args);
    // As async-profiler's own diff does: numbered lambda and proxy classes get one name, or the
    // same code would differ between two runs by its generated names alone.
    arguments.norm = true;
    // An allocation profile weighs its stacks by bytes, a lock profile by the time waited.
    arguments.total = kind == ProfileKind.ALLOC || kind == ProfileKind.LOCK;
    switch (kind) {
      // The converter's default: execution samples, of async-profiler and of JDK Flight Recorder
      // alike (its --cpu flag reads only what async-profiler records).
      case CPU -> {}
      case ALLOC -> arguments.alloc = true;
      case WALL -> arguments.wall = true;
      case LOCK -> arguments.lock = true;
    }
    return arguments;
  }
}
