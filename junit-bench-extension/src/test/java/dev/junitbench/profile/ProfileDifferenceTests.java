package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.junitbench.profile.ProfileDifference.GrownFrame;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The difference of two profiles")
class ProfileDifferenceTests {

  private static final String MAIN = "java/lang/Thread.run;com/example/Bench.run";

  @Test
  @DisplayName("ranks the frames by how much their self share grew, sides of any length compared")
  void ranksGrownFramesByShare() {
    // The base holds 100 samples, the head 1000: counts alone would call every frame grown.
    Map<String, Long> base =
        Map.of(
            MAIN + ";com/example/Model.embed", 60L,
            MAIN + ";com/example/Model.pool", 30L,
            MAIN + ";com/example/Tokenizer.split", 10L);
    Map<String, Long> head =
        Map.of(
            MAIN + ";com/example/Model.embed", 500L,
            MAIN + ";com/example/Model.pool", 200L,
            MAIN + ";com/example/Tokenizer.split", 100L,
            MAIN + ";com/example/Model.embed;java/util/Arrays.copyOf", 200L);

    List<GrownFrame> grown = ProfileDifference.of(base, head).grownFrames(5);

    assertThat(grown).extracting(GrownFrame::frame).containsExactly("java/util/Arrays.copyOf");
    assertThat(grown.get(0).baseShare()).isZero();
    assertThat(grown.get(0).headShare()).isCloseTo(0.2, within(1e-9));
    assertThat(grown.get(0).headSelf()).isEqualTo(200L);
  }

  @Test
  @DisplayName("adds up a method's samples whichever way it ran (interpreted, compiled, inlined)")
  void mergesFrameTypes() {
    Map<String, Long> base = Map.of(MAIN + ";com/example/Model.embed_[j]", 90L, MAIN, 10L);
    Map<String, Long> head =
        Map.of(
            MAIN + ";com/example/Model.embed_[j]",
            50L,
            MAIN + ";com/example/Model.embed_[i]",
            45L,
            MAIN,
            5L);

    List<GrownFrame> grown = ProfileDifference.of(base, head).grownFrames(3);

    assertThat(grown).extracting(GrownFrame::frame).containsExactly("com/example/Model.embed");
    assertThat(grown.get(0).growth()).isCloseTo(0.05, within(1e-9));
  }

  @Test
  @DisplayName("gives at most the number of frames asked for, largest growth first")
  void limitsTheFrames() {
    Map<String, Long> base = Map.of(MAIN, 100L);
    Map<String, Long> head =
        Map.of(MAIN + ";a/A.a", 10L, MAIN + ";b/B.b", 30L, MAIN + ";c/C.c", 20L, MAIN, 40L);

    assertThat(ProfileDifference.of(base, head).grownFrames(2))
        .extracting(GrownFrame::frame)
        .containsExactly("b/B.b", "c/C.c");
  }

  @Test
  @DisplayName("refuses a side without samples, naming the side")
  void refusesEmptySides() {
    assertThatThrownBy(() -> ProfileDifference.of(Map.of(), Map.of(MAIN, 3L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("The base profile holds no samples");
    assertThatThrownBy(() -> ProfileDifference.of(Map.of(MAIN, 3L), Map.of(MAIN, 0L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("The head profile holds no samples");
  }

  @Test
  @DisplayName("refuses a negative weight or a blank stack, naming it")
  void refusesBadStacks() {
    assertThatThrownBy(() -> ProfileDifference.of(Map.of(MAIN, -1L), Map.of(MAIN, 3L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("the stack '" + MAIN + "' the negative weight -1");
    assertThatThrownBy(() -> ProfileDifference.of(Map.of(MAIN, 1L), Map.of(" ", 3L)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("The head profile holds a blank stack");
    assertThatThrownBy(
            () -> ProfileDifference.of(Map.of(MAIN, 1L), Map.of(MAIN, 1L)).grownFrames(-1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("-1, below 0");
  }

  @Test
  @DisplayName("draws a frame whose share grew as grown, and one whose share fell as shrunk")
  void drawsGrownAndShrunkFrames(@TempDir Path folder) throws Exception {
    // Twice the samples in the head, the same shares but for embed (up) and pool (down).
    Map<String, Long> base =
        Map.of(MAIN + ";com/example/Model.embed", 50L, MAIN + ";com/example/Model.pool", 50L);
    Map<String, Long> head =
        Map.of(MAIN + ";com/example/Model.embed", 160L, MAIN + ";com/example/Model.pool", 40L);
    Path page = folder.resolve("diff.html");

    ProfileDifference.of(base, head).writeFlameGraph(page, "embed <b> vs base");

    DifferentialFlameGraphPage drawn = DifferentialFlameGraphPage.read(page);
    // A name is text in the page, never markup.
    assertThat(drawn.title()).isEqualTo("embed &lt;b&gt; vs base");
    // The base scaled to the head's 200 samples: embed 100 -> 160, pool 100 -> 40.
    assertThat(drawn.changes())
        .containsEntry("com/example/Model.embed", 60L)
        .containsEntry("com/example/Model.pool", -60L);
  }

  @Test
  @DisplayName(
      "finds the one extra method of real profiles, grown in the page and first of the list")
  void findsTheExtraMethodOfRealProfiles(@TempDir Path folder) throws Exception {
    Path base =
        ProfileRecordings.record(folder.resolve("base.jfr"), ProfileRecordings::baselineWork);
    Path head =
        ProfileRecordings.record(folder.resolve("head.jfr"), ProfileRecordings::variantWork);
    ProfileDifference difference =
        ProfileDifference.ofRecordings(List.of(base), List.of(head), ProfileKind.CPU);
    Path page = folder.resolve("diff.html");

    difference.writeFlameGraph(page, "variant vs baseline");

    assertThat(difference.grownFrames(3))
        .first()
        .extracting(GrownFrame::frame)
        .isEqualTo(ProfileRecordings.EXTRA_WORK_FRAME);
    assertThat(DifferentialFlameGraphPage.read(page).changes())
        .containsEntry(ProfileRecordings.EXTRA_WORK_FRAME, DifferentialFlameGraphPage.NEW);
  }

  @Test
  @DisplayName("names a profile file that is missing")
  void namesMissingRecordings(@TempDir Path folder) {
    Path missing = folder.resolve("profiles/fork-1.jfr");

    assertThatThrownBy(
            () ->
                ProfileDifference.ofRecordings(List.of(missing), List.of(missing), ProfileKind.CPU))
        .isInstanceOf(NoSuchFileException.class)
        .hasMessageContaining(missing.toString())
        .hasMessageContaining("was the run folder moved");
  }
}
