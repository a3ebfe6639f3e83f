package dev.junitbench.profile;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.junitbench.results.ProfileFigures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("Flame graphs of stacks")
class FlameGraphsTests {

  @TempDir Path tempDir;

  private static final Stacks ONE =
      Stacks.parse("main_[0];Model.run_[j];Tensor.add_[i] 6\nmain_[0];Model.run_[j] 3\n");
  private static final Stacks TWO = Stacks.parse("main_[0];Model.run_[j];Tensor.add_[i] 1\n");

  @Test
  @DisplayName("merge stacks of several profiles, adding the weights of a stack in both")
  void merged() {
    Stacks both = ONE.plus(TWO);
    assertThat(both.weights())
        .containsExactly(
            Map.entry("main_[0];Model.run_[j];Tensor.add_[i]", 7L),
            Map.entry("main_[0];Model.run_[j]", 3L));
    assertThat(both.total()).isEqualTo(10);
    assertThat(Stacks.parse(both.collapsed())).isEqualTo(both);
  }

  @Test
  @DisplayName("rank frames by self share, named without their type suffix")
  void topFrames() {
    List<ProfileFigures.Frame> top = FlameGraphs.topFrames(ProfileKind.CPU, ONE.plus(TWO), 10);
    assertThat(top)
        .containsExactly(
            new ProfileFigures.Frame("Tensor.add", 0.7, 7),
            new ProfileFigures.Frame("Model.run", 0.3, 3));
    assertThat(FlameGraphs.topFrames(ProfileKind.CPU, ONE, 1)).hasSize(1);
  }

  @Test
  @DisplayName(
      "count an alloc or lock stack for the method below the class on top, a cpu stack for its top")
  void selfFrame() {
    String allocated = "main_[0];Model.run_[j];Tensor.copy_[i];byte[]_[i]";
    assertThat(FlameGraphs.selfFrame(ProfileKind.ALLOC, allocated)).isEqualTo("Tensor.copy");
    assertThat(FlameGraphs.selfFrame(ProfileKind.LOCK, "main_[0];java.lang.Object_[i]"))
        .isEqualTo("main");
    assertThat(FlameGraphs.selfFrame(ProfileKind.CPU, allocated)).isEqualTo("byte[]");
    assertThat(FlameGraphs.selfFrame(ProfileKind.ALLOC, "byte[]_[k]")).isEqualTo("byte[]");
    assertThat(FlameGraphs.topFrames(ProfileKind.ALLOC, Stacks.parse(allocated + " 5\n"), 1))
        .containsExactly(new ProfileFigures.Frame("Tensor.copy", 1.0, 5));
  }

  @Test
  @DisplayName("write a self-contained HTML flame graph of stacks")
  void html() throws IOException {
    Path html = tempDir.resolve("graph.html");
    FlameGraphs.writeHtml(ProfileKind.CPU, ONE, "the title", html);
    String text = Files.readString(html);
    assertThat(text)
        .startsWith("<!DOCTYPE html>")
        .contains("the title")
        .doesNotContain("<script src");
  }

  @Test
  @DisplayName("write a scenario's name into the page as text, never as markup")
  void htmlTitleIsText() throws IOException {
    Path html = tempDir.resolve("graph.html");
    FlameGraphs.writeHtml(ProfileKind.CPU, ONE, "embed [name=<b>&co]", html);
    String page = Files.readString(html);
    assertThat(page).contains(">embed [name=&lt;b&gt;&amp;co]</h1>").doesNotContain("<b>&co");
  }

  @Test
  @DisplayName("say which file is not a profile")
  void notAProfile() throws IOException {
    Path text = Files.writeString(tempDir.resolve("notes.jfr"), "not a recording");
    assertThatThrownBy(() -> FlameGraphs.read(ProfileKind.CPU, List.of(text)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("notes.jfr");
  }
}
