package dev.junitbench.machine;

import dev.junitbench.environment.GitInfo;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/** Reads {@link GitInfo} off this machine and process. */
public final class GitReader {

  private GitReader() {}

  /** All git commands of one {@link #read} share this budget, so a hung git cannot stall a run. */
  private static final long TIME_LIMIT_NANOS = TimeUnit.SECONDS.toNanos(5);

  /** CI checks out a detached HEAD; these name the branch being built, most specific first. */
  private static final List<String> CI_BRANCH_VARIABLES =
      List.of("GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME");

  /**
   * Reads the checkout containing {@code dir}; returns null (not an error) outside git, when git is
   * not installed, or when git fails or hangs (time limit a few seconds).
   */
  public static GitInfo read(Path dir) {
    return read(dir, "git", System::getenv);
  }

  static GitInfo read(Path dir, String gitExecutable) {
    return read(dir, gitExecutable, System::getenv);
  }

  static GitInfo read(Path dir, String gitExecutable, UnaryOperator<String> environment) {
    long deadline = System.nanoTime() + TIME_LIMIT_NANOS;
    try {
      // Fails in a repository without a commit and outside git: both mean "no git information".
      String commit = run(dir, deadline, gitExecutable, "rev-parse", "HEAD");
      if (commit == null || commit.isEmpty()) {
        return null;
      }
      String branch = run(dir, deadline, gitExecutable, "rev-parse", "--abbrev-ref", "HEAD");
      String status =
          run(dir, deadline, gitExecutable, "status", "--porcelain", "--untracked-files=no");
      if (branch == null || status == null) {
        return null;
      }
      // A detached HEAD prints "HEAD" instead of a branch name.
      if (branch.isEmpty() || branch.equals("HEAD")) {
        branch = ciBranch(environment);
      }
      return new GitInfo(commit, branch, !status.isEmpty());
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static String ciBranch(UnaryOperator<String> environment) {
    for (String name : CI_BRANCH_VARIABLES) {
      String value = environment.apply(name);
      if (value != null && !value.isBlank()) {
        return value.strip();
      }
    }
    return null;
  }

  /** Returns the trimmed output, or null when git exits non-zero or runs past the deadline. */
  private static String run(Path dir, long deadline, String git, String... arguments)
      throws IOException, InterruptedException {
    if (deadline - System.nanoTime() <= 0) {
      return null;
    }
    // A file, not a pipe: a large `git status` would fill the pipe and block until the timeout.
    File output = Files.createTempFile("junit-bench-git", ".out").toFile();
    try {
      ProcessBuilder builder = new ProcessBuilder(git);
      builder.command().addAll(List.of(arguments));
      builder
          .directory(dir.toFile())
          .redirectOutput(output)
          .redirectError(ProcessBuilder.Redirect.DISCARD);
      // Keeps `git status` from taking index.lock while the user runs git in the same checkout.
      builder.environment().put("GIT_OPTIONAL_LOCKS", "0");
      Process process = builder.start();
      process.getOutputStream().close(); // git must never wait for input
      if (!process.waitFor(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        // git may have started helpers of its own (e.g. a credential or fsmonitor process).
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        return null;
      }
      if (process.exitValue() != 0) {
        return null;
      }
      return Files.readString(output.toPath(), StandardCharsets.UTF_8).strip();
    } finally {
      Files.deleteIfExists(output.toPath());
    }
  }
}
