package dev.junitbench.output;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.results.ResultsDocument;
import dev.junitbench.results.ResultsJson;
import dev.junitbench.results.RunFolder;
import dev.junitbench.results.RunInfo;
import dev.junitbench.results.ScenarioResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files of one run folder. Each added result is on disk, in all three files, before {@link
 * #add} returns; every file is replaced atomically, so a run killed at any point leaves files that
 * parse and hold every result added before.
 */
public final class RunWriter {

  private static final ObjectMapper JSON = ResultsJson.mapper();

  private final Path runDir;
  private RunInfo run;
  private final List<ScenarioResult> results = new ArrayList<>();

  /** A writer for {@code runDir}, created with its parents if needed. */
  public RunWriter(Path runDir, RunInfo run) throws IOException {
    this.runDir = Files.createDirectories(runDir);
    this.run = run;
  }

  /** The run folder. */
  public Path runDir() {
    return runDir;
  }

  /**
   * Replaces the run's description in results.json from the next write on (runtimes loaded since).
   */
  public void update(RunInfo newRun) {
    run = newRun;
  }

  /** Numbers {@code result}, writes it to all three files and returns it as numbered. */
  public ScenarioResult add(ScenarioResult result) throws IOException {
    ScenarioResult numbered = result.withId(results.size() + 1);
    SamplesCsv.append(runDir, numbered);
    TokensCsv.append(runDir, numbered);
    QueriesCsv.append(runDir, numbered);
    // Samples are on disk now; keeping them in memory for the rest of the run would only cost heap.
    results.add(numbered.withoutSamples());
    write();
    return numbered;
  }

  /** Records the run's end time in results.json. */
  public void finish(String finishedAt) throws IOException {
    run = run.finished(finishedAt);
    write();
  }

  /** The run folder as written so far: the run and every result, without samples in memory. */
  public RunFolder folder() {
    return new RunFolder(runDir, document());
  }

  private ResultsDocument document() {
    return new ResultsDocument(ResultsDocument.SCHEMA_VERSION, run, List.copyOf(results));
  }

  private void write() throws IOException {
    ResultsCsv.write(runDir, results);
    ResultsDocument document = document();
    AtomicFiles.write(
        runDir.resolve(ResultsJson.FILE), (out, previous) -> JSON.writeValue(out, document));
  }
}
