package dev.junitbench.maven;

import dev.junitbench.reports.action.ActionOutput;
import java.io.File;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.model.Plugin;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecution;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugin.descriptor.PluginDescriptor;
import org.apache.maven.plugins.annotations.Parameter;
import org.apache.maven.project.MavenProject;

/**
 * What every goal shares: the folder of run folders, {@code skip}, and the build's log as the
 * output of the reports' actions.
 */
abstract class BenchMojo extends AbstractMojo {

  /** The extension's setting of the folder of runs. */
  static final String OUTPUT_DIR = "junit.bench.output.dir";

  /** The folder of runs in the build folder, the extension's default. */
  static final String DEFAULT_RESULTS = "benchmark-results";

  /**
   * The folder the runs are written to; a goal with no run named reads the newest {@code run-*}
   * folder in it. Default: {@code junit.bench.output.dir} when the build sets it as a user ({@code
   * -D}) or project property, else {@code ${project.build.directory}/benchmark-results}.
   */
  @Parameter(property = "junit-bench.resultsDirectory")
  File resultsDirectory;

  /** Skips the goal. */
  @Parameter(property = "junit-bench.skip", defaultValue = "false")
  boolean skip;

  /** The project's folder: relative paths given as text are resolved against it. */
  @Parameter(defaultValue = "${project.basedir}", readonly = true, required = true)
  File basedir;

  /** The build, for its user properties (-D). */
  @Parameter(defaultValue = "${session}", readonly = true)
  MavenSession session;

  /** The project, for the plugin's configuration in its pom. */
  @Parameter(defaultValue = "${project}", readonly = true)
  MavenProject project;

  /** This goal's execution, for the plugin's list of properties. */
  @Parameter(defaultValue = "${mojoExecution}", readonly = true)
  MojoExecution mojoExecution;

  @Override
  public final void execute() throws MojoExecutionException, MojoFailureException {
    if (skip) {
      getLog().info("junit-bench: skipped (junit-bench.skip)");
      return;
    }
    requireKnownSettings();
    run();
  }

  /**
   * Fails on a {@code -Djunit-bench.*} property or a name in the plugin's {@code <configuration>}
   * that no goal reads, with the name it was probably meant to be: Maven itself passes any user
   * property without a word, and Maven 3.8 drops an unknown configuration name without one.
   * (Outside a build, as in the goals' unit tests, there is nothing to check.)
   */
  private void requireKnownSettings() throws MojoExecutionException {
    if (session == null || mojoExecution == null || project == null) {
      return;
    }
    PluginDescriptor plugin = mojoExecution.getMojoDescriptor().getPluginDescriptor();
    UnknownSettings.Known known = UnknownSettings.known(plugin);
    List<String> problems =
        new ArrayList<>(
            UnknownSettings.properties(
                session.getUserProperties(), known.properties(), project.getProperties()));
    Plugin declared = project.getPlugin(plugin.getPluginLookupKey());
    if (declared != null) {
      problems.addAll(UnknownSettings.configuration(declared, known.parameters()));
    }
    if (!problems.isEmpty()) {
      throw new MojoExecutionException(String.join(System.lineSeparator(), problems));
    }
  }

  /** The goal's work. */
  abstract void run() throws MojoExecutionException, MojoFailureException;

  /** The actions' lines as info, their problems as warnings. */
  ActionOutput log() {
    return new ActionOutput() {
      @Override
      public void line(String text) {
        getLog().info(text);
      }

      @Override
      public void problem(String text) {
        getLog().warn(text);
      }
    };
  }

  /** Logs each line of {@code text} as info. */
  void logLines(String text) {
    text.lines().forEach(getLog()::info);
  }

  /**
   * The newest run folder in {@link #resultsFolder()}, for a goal that names none: one this build
   * wrote, or with {@code allowOlder} any, with a warning.
   */
  Path newestRun(String settingToName, boolean allowOlder) throws MojoExecutionException {
    return NewestRun.ofThisBuild(
        resultsFolder(), buildStart(), allowOlder, goal(), settingToName, getLog());
  }

  /**
   * The folder of runs: {@link #resultsDirectory}, else the extension's {@code
   * junit.bench.output.dir} as the build sets it (a {@code -D} property, then the pom's), else
   * {@code target/benchmark-results}.
   */
  Path resultsFolder() {
    if (resultsDirectory != null) {
      return resultsDirectory.toPath();
    }
    String configured = configuredOutputDir();
    if (configured != null && !configured.isBlank()) {
      return resolved(configured);
    }
    String target =
        project != null && project.getBuild() != null && project.getBuild().getDirectory() != null
            ? project.getBuild().getDirectory()
            : basedir.toPath().resolve("target").toString();
    return Path.of(target).resolve(DEFAULT_RESULTS);
  }

  private String configuredOutputDir() {
    for (Properties properties :
        new Properties[] {
          session == null ? null : session.getUserProperties(),
          project == null ? null : project.getProperties()
        }) {
      if (properties != null && properties.getProperty(OUTPUT_DIR) != null) {
        return properties.getProperty(OUTPUT_DIR);
      }
    }
    return null;
  }

  /** When this Maven build started; null outside one. */
  private Instant buildStart() {
    Date start =
        session == null || session.getRequest() == null
            ? null
            : session.getRequest().getStartTime();
    return start == null ? null : start.toInstant();
  }

  /**
   * True, after an info line, when this project is an aggregator (packaging {@code pom}) and no run
   * is named: it has no benchmarks of its own, its modules do.
   */
  boolean aggregatorWithoutRun(boolean runNamed, String settingToName) {
    if (runNamed || project == null || !"pom".equals(project.getPackaging())) {
      return false;
    }
    getLog()
        .info(
            goal()
                + ": skipped in "
                + project.getArtifactId()
                + " (packaging pom, no runs of its own); it runs in the modules with benchmarks,"
                + " or give -D"
                + settingToName
                + "=RUN_DIR");
    return true;
  }

  /**
   * {@code junit-bench:compare}, for messages: each goal's class is its name and {@code Mojo}
   * ({@code @Mojo} is not kept at run time).
   */
  String goal() {
    return "junit-bench:"
        + getClass().getSimpleName().replaceFirst("Mojo$", "").toLowerCase(Locale.ROOT);
  }

  /** {@code paths} resolved against the project's folder. */
  List<Path> resolved(List<String> paths) {
    List<Path> all = new ArrayList<>();
    for (String path : paths) {
      all.add(resolved(path));
    }
    return all;
  }

  /** {@code path} resolved against the project's folder. */
  Path resolved(String path) {
    return basedir.toPath().resolve(path.trim());
  }
}
