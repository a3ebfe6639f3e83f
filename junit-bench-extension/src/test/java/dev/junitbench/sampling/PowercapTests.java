package dev.junitbench.sampling;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@DisplayName("The powercap energy counters")
class PowercapTests {

  @TempDir Path root;

  /** A package zone with its counter, as Linux's RAPL driver lays it out. */
  static void zone(Path root, String name, long microjoules, long range) throws Exception {
    Path zone = Files.createDirectories(root.resolve(name));
    Files.writeString(
        zone.resolve("name"), "package-" + name.substring(name.indexOf(':') + 1) + "\n");
    Files.writeString(zone.resolve("energy_uj"), microjoules + "\n");
    Files.writeString(zone.resolve("max_energy_range_uj"), range + "\n");
  }

  @Test
  @DisplayName("add every package's joules, not its subzones', undoing a counter's wrap-around")
  void joules() throws Exception {
    zone(root, "intel-rapl:0", 1_000_000, 262_143_328_850L);
    zone(root, "intel-rapl:1", 262_143_000_000L, 262_143_328_850L);
    zone(root, "intel-rapl:0:0", 5, 262_143_328_850L);
    // The platform zone of Intel laptops already holds the packages: not counted again.
    zone(root, "intel-rapl:2", 7, 262_143_328_850L);
    Files.writeString(root.resolve("intel-rapl:2/name"), "psys\n");
    Powercap powercap = Powercap.at(root);
    long[] before = powercap.read();
    assertThat(before).containsExactly(1_000_000L, 262_143_000_000L);
    Files.writeString(root.resolve("intel-rapl:0/energy_uj"), "3500000\n");
    // Package 1 wrapped: 328,850 uJ to its end, 1 to reach 0, then 671,149.
    Files.writeString(root.resolve("intel-rapl:1/energy_uj"), "671149\n");
    assertThat(powercap.joulesBetween(before, powercap.read())).isEqualTo(2.5 + 1.0);
  }

  @Test
  @DisplayName("say where they looked when there are none, and which file they could not read")
  void unreadable() throws Exception {
    assertThatThrownBy(() -> Powercap.at(root.resolve("absent")).read())
        .hasMessage(
            "no RAPL energy counters under "
                + root.resolve("absent")
                + " (no powercap driver, or not Linux); set junit.bench.powercap.root where they are");
    zone(root, "intel-rapl:0", 1, 10);
    Files.writeString(root.resolve("intel-rapl:0/energy_uj"), "not a number\n");
    assertThatThrownBy(() -> Powercap.at(root).read())
        .hasMessageStartingWith(
            root.resolve("intel-rapl:0/energy_uj") + " does not hold a counter");
    Files.delete(root.resolve("intel-rapl:0/energy_uj"));
    Files.createDirectory(root.resolve("intel-rapl:0/energy_uj"));
    assertThatThrownBy(() -> Powercap.at(root).read())
        .hasMessageContaining(root.resolve("intel-rapl:0/energy_uj").toString());
  }
}
