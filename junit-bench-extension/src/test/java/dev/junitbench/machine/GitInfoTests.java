package dev.junitbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.environment.GitInfo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GitInfoTests {

  @TempDir Path dir;

  @Test
  @DisplayName("A clean checkout reports its commit, its branch and that it is not dirty")
  void cleanCheckout() throws Exception {
    commitOneFile();

    GitInfo info = GitReader.read(dir);

    assertThat(info).isNotNull();
    assertThat(info.commit()).matches("[0-9a-f]{40}").isEqualTo(git("rev-parse", "HEAD"));
    assertThat(info.branch()).isEqualTo("trunk");
    assertThat(info.dirty()).isFalse();
  }

  @Test
  @DisplayName("A modified tracked file makes the checkout dirty")
  void modifiedFile() throws Exception {
    commitOneFile();
    Files.writeString(dir.resolve("model.txt"), "changed\n");

    assertThat(GitReader.read(dir).dirty()).isTrue();
  }

  @Test
  @DisplayName("An untracked file does not make the checkout dirty")
  void untrackedFile() throws Exception {
    commitOneFile();
    Files.writeString(dir.resolve("results.json"), "{}\n");

    assertThat(GitReader.read(dir).dirty()).isFalse();
  }

  @Test
  @DisplayName("A detached HEAD takes its branch from the CI environment, or has none")
  void detachedHead() throws Exception {
    commitOneFile();
    git("checkout", "-q", "--detach");
    Map<String, String> ci = Map.of("GITHUB_REF_NAME", "main", "CI_COMMIT_REF_NAME", "other");

    assertThat(GitReader.read(dir, "git", ci::get).branch()).isEqualTo("main");
    assertThat(GitReader.read(dir, "git", name -> null).branch()).isNull();
    assertThat(GitReader.read(dir, "git", name -> null).commit()).isNotNull();
  }

  @Test
  @DisplayName("A directory outside any git repository has no git information")
  void notARepository() {
    assertThat(GitReader.read(dir)).isNull();
  }

  @Test
  @DisplayName("A missing git executable gives no git information instead of an error")
  void gitNotInstalled() throws Exception {
    commitOneFile();

    assertThat(GitReader.read(dir, "git-that-does-not-exist-" + System.nanoTime())).isNull();
  }

  @Test
  @DisplayName("A repository without any commit has no git information")
  void emptyRepository() throws Exception {
    git("init", "-q", "--initial-branch=trunk");

    assertThat(GitReader.read(dir)).isNull();
  }

  private void commitOneFile() throws IOException, InterruptedException {
    git("init", "-q", "--initial-branch=trunk");
    git("config", "user.name", "junit-bench");
    git("config", "user.email", "junit-bench@example.org");
    Files.writeString(dir.resolve("model.txt"), "weights\n");
    git("add", "model.txt");
    // The developer's global config may require signed commits; a test repository must not.
    git("-c", "commit.gpgsign=false", "commit", "-q", "-m", "Initial commit");
  }

  private String git(String... arguments) throws IOException, InterruptedException {
    ProcessBuilder builder = new ProcessBuilder("git");
    builder.command().addAll(List.of(arguments));
    Process process = builder.directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as("git %s: %s", List.of(arguments), output).isZero();
    return output.strip();
  }
}
