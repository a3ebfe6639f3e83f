package dev.junitbench.sampling;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CPU packages' energy counters Linux exposes through powercap (RAPL, Intel's and AMD's):
 * {@code <root>/intel-rapl:N/energy_uj}, microjoules since an arbitrary start, wrapping at {@code
 * max_energy_range_uj}. Since Linux 5.10 only root may read them by default.
 */
public final class Powercap {

  private final Path root;
  private final List<Path> zones;

  private Powercap(Path root, List<Path> zones) {
    this.root = root;
    this.zones = zones;
  }

  /** The package zones under {@code root}; none when it holds no RAPL zones. */
  public static Powercap at(Path root) {
    List<Path> zones = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(root, "intel-rapl:*")) {
      for (Path zone : entries) {
        // intel-rapl:0 is a package; intel-rapl:0:0 its core subzone, already counted in it; a
        // top-level zone named psys (the whole platform, Intel laptops) already holds the packages.
        if (zone.getFileName().toString().matches("intel-rapl:\\d+")
            && Files.exists(zone.resolve("energy_uj"))
            && name(zone).startsWith("package")) {
          zones.add(zone);
        }
      }
    } catch (IOException | RuntimeException e) {
      // No powercap folder: no zones.
    }
    zones.sort(null);
    return new Powercap(root, zones);
  }

  private static String name(Path zone) {
    try {
      return Files.readString(zone.resolve("name"), StandardCharsets.US_ASCII).strip();
    } catch (IOException | RuntimeException e) {
      // Older kernels without a name file: a top-level zone is a package.
      return "package";
    }
  }

  /**
   * Each zone's counter now, in microjoules.
   *
   * @throws IOException naming the file and the cause when there is no zone or one cannot be read
   */
  public long[] read() throws IOException {
    if (zones.isEmpty()) {
      throw new IOException(
          "no RAPL energy counters under "
              + root
              + " (no powercap driver, or not Linux); set"
              + " junit.bench.powercap.root where they are");
    }
    long[] values = new long[zones.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = counter(zones.get(i).resolve("energy_uj"));
    }
    return values;
  }

  /** The joules spent between two readings, each counter's wrap-around undone. */
  public double joulesBetween(long[] before, long[] after) throws IOException {
    double microjoules = 0;
    for (int i = 0; i < before.length; i++) {
      long delta = after[i] - before[i];
      if (delta < 0) {
        delta += counter(zones.get(i).resolve("max_energy_range_uj")) + 1;
      }
      microjoules += delta;
    }
    return microjoules / 1e6;
  }

  private static long counter(Path file) throws IOException {
    try {
      return Long.parseLong(Files.readString(file, StandardCharsets.US_ASCII).strip());
    } catch (AccessDeniedException e) {
      throw new IOException(
          "cannot read "
              + file
              + " (permission denied: since Linux 5.10 only root may; "
              + "grant read access to it, e.g. chmod o+r, to measure energy)");
    } catch (IOException e) {
      throw new IOException("cannot read " + file + " (" + e.getMessage() + ")", e);
    } catch (NumberFormatException e) {
      throw new IOException(file + " does not hold a counter (" + e.getMessage() + ")");
    }
  }
}
