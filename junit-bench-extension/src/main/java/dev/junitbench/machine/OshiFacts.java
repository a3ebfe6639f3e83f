package dev.junitbench.machine;

import dev.junitbench.environment.GpuInfo;
import java.util.ArrayList;
import java.util.List;
import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GraphicsCard;
import oshi.hardware.HardwareAbstractionLayer;
import oshi.software.os.OperatingSystem;

/**
 * What OSHI tells of the machine. Read once per run; where OSHI fails (an unusual platform, JNA
 * missing its native library) the run goes on without these figures.
 *
 * @param cpuModel {@code AMD EPYC 7B13}
 * @param cpuVendor {@code AuthenticAMD}
 * @param physicalCores physical cores
 * @param logicalCores logical processors (hardware threads)
 * @param maxFrequencyHz the CPU's maximum frequency, null when OSHI cannot tell
 * @param totalMemoryBytes physical memory
 * @param distribution {@code Debian GNU/Linux 12}
 * @param kernel {@code 6.1.0-18-amd64}
 * @param hostName the host's name
 * @param graphicsCards the graphics cards OSHI sees
 */
public record OshiFacts(
    String cpuModel,
    String cpuVendor,
    Integer physicalCores,
    Integer logicalCores,
    Long maxFrequencyHz,
    Long totalMemoryBytes,
    String distribution,
    String kernel,
    String hostName,
    List<GpuInfo> graphicsCards) {

  /** Reads the machine with OSHI. */
  public static OshiFacts read() {
    SystemInfo system = Machine.Oshi.system();
    HardwareAbstractionLayer hardware = system.getHardware();
    CentralProcessor processor = hardware.getProcessor();
    OperatingSystem os = system.getOperatingSystem();
    List<GpuInfo> cards = new ArrayList<>();
    for (GraphicsCard card : hardware.getGraphicsCards()) {
      cards.add(
          new GpuInfo(
              null,
              card.getName(),
              card.getVendor(),
              card.getVRam() > 0 ? card.getVRam() / (1024 * 1024) : null,
              card.getVersionInfo(),
              null,
              "oshi"));
    }
    long maxFrequency = processor.getMaxFreq();
    return new OshiFacts(
        processor.getProcessorIdentifier().getName(),
        processor.getProcessorIdentifier().getVendor(),
        processor.getPhysicalProcessorCount(),
        processor.getLogicalProcessorCount(),
        maxFrequency > 0 ? maxFrequency : null,
        hardware.getMemory().getTotal(),
        (os.getFamily() + " " + os.getVersionInfo().getVersion()).strip(),
        os.getVersionInfo().getBuildNumber(),
        os.getNetworkParams().getHostName(),
        cards);
  }
}
