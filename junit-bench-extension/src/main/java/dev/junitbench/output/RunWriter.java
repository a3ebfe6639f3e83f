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
    // Each file is replaced whole or not at all, and samples.csv's rows of a result that
    // results.json never came to list are passed over when it is read: a failure at any point
    // (a full disk, say) leaves the results before it readable and complete.
    named(SamplesCsv.FILE, () -> SamplesCsv.append(runDir, numbered));
    named(TokensCsv.FILE, () -> TokensCsv.append(runDir, numbered));
    named(QueriesCsv.FILE, () -> QueriesCsv.append(runDir, numbered));
    // Samples are on disk now; keeping them in memory for the rest of the run would only cost heap.
    results.add(numbered.withoutSamples());
    try {
      writeJson();
    } catch (IOException e) {
      // results.json still holds the results before this one, and so does this writer.
      results.remove(results.size() - 1);
      throw e;
    }
    named(ResultsCsv.FILE, () -> ResultsCsv.write(runDir, results));
    return numbered;
  }

  /** The results results.json holds, as written so far. */
  public int written() {
    return results.size();
  }

  private interface Write {
    void run() throws IOException;
  }

  /** Runs {@code write}, naming {@code file} of the run folder in its failure. */
  private void named(String file, Write write) throws IOException {
    try {
      write.run();
    } catch (IOException e) {
      throw new IOException(
          "cannot write " + runDir.resolve(file) + " (" + e.getMessage() + ")", e);
    }
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
    // results.json first: it is what every reader starts from, and results.csv follows it.
    writeJson();
    named(ResultsCsv.FILE, () -> ResultsCsv.write(runDir, results));
  }

  private void writeJson() throws IOException {
    ResultsDocument document = document();
    named(
        ResultsJson.FILE,
        () ->
            AtomicFiles.write(
                runDir.resolve(ResultsJson.FILE),
                (out, previous) -> JSON.writeValue(out, document)));
  }
}
