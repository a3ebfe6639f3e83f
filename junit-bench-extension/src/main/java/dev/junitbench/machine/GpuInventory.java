package dev.junitbench.machine;

import dev.junitbench.config.Defaults;
import dev.junitbench.environment.GpuInfo;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The NVIDIA GPUs nvidia-smi lists, asked once per process and command: the run's metadata and
 * every scenario's sampler share the answer, and a machine without nvidia-smi is asked only once.
 *
 * @param gpus the GPUs, empty when there are none
 * @param problem why nvidia-smi gave no list, or null
 */
public record GpuInventory(List<GpuInfo> gpus, String problem) {

  private static final Map<String, GpuInventory> ASKED = new ConcurrentHashMap<>();

  /**
   * Stops asking {@code command} for the rest of the process: it hung or failed after the
   * inventory, and every later scenario would wait for it again.
   */
  public static void markUnusable(String command, String reason) {
    ASKED.put(command, new GpuInventory(List.of(), reason));
  }

  /** The inventory nvidia-smi as {@code command} gives. */
  public static GpuInventory of(String command) {
    return ASKED.computeIfAbsent(
        command,
        key -> {
          try {
            List<GpuInfo> gpus = new NvidiaSmi(key, Defaults.NVIDIA_SMI_TIMEOUT).gpus();
            return new GpuInventory(gpus, gpus.isEmpty() ? key + " lists no GPU" : null);
          } catch (NvidiaSmiException e) {
            return new GpuInventory(List.of(), e.getMessage());
          }
        });
  }
}
