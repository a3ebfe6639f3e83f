package dev.junitbench.maven;

import dev.junitbench.reports.action.ActionOutput;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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

  /**
   * The folder the runs are written to ({@code junit.bench.output.dir}); a goal with no run named
   * reads the newest {@code run-*} folder in it.
   */
  @Parameter(
      property = "junit-bench.resultsDirectory",
      defaultValue = "${project.build.directory}/benchmark-results")
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
            UnknownSettings.properties(session.getUserProperties(), known.properties()));
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

  /** The newest run folder in {@link #resultsDirectory}, for a goal that names none. */
  Path newestRun(String settingToName) throws MojoExecutionException {
    return NewestRun.in(resultsDirectory.toPath(), settingToName);
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
