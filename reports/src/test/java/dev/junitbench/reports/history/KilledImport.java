package dev.junitbench.reports.history;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * An import that stops at a named point: {@code KilledImport URL USER PASSWORD RUN_DIR POINT} says
 * {@code at POINT} on its standard output when the import reaches it and then waits, holding what
 * it has, for the test to kill it; {@code done} when the import ended without reaching it. A user
 * or password of {@code -} is none.
 */
public final class KilledImport {

  private KilledImport() {}

  public static void main(String[] args) throws StoreException {
    String point = args[4];
    ImportPoints.listen(
        reached -> {
          if (reached.equals(point)) {
            System.out.println("at " + reached);
            System.out.flush();
            try {
              while (System.in.read() >= 0) {
                // Held here until killed.
              }
            } catch (IOException e) {
              // Killed or not, nothing more happens here.
            }
            Runtime.getRuntime().halt(3);
          }
        });
    StoreLocation location =
        StoreLocation.of(
            args[0], "-".equals(args[1]) ? null : args[1], "-".equals(args[2]) ? null : args[2]);
    try (HistoryStore store = HistoryStore.open(location)) {
      store.importRun(RunSources.find(List.of(Path.of(args[3])), null).runs().get(0));
    }
    System.out.println("done");
  }
}
