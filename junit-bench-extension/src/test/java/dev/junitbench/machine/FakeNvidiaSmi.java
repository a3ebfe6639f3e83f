package dev.junitbench.machine;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;

/**
 * Shell scripts that answer like nvidia-smi, for tests on machines without an NVIDIA GPU: the
 * inventory from a recorded output ({@code src/test/resources/nvidia-smi/}), the banner, the
 * per-process memory and a sampling stream, or a broken nvidia-smi (hanging, failing, unexpected).
 */
public final class FakeNvidiaSmi {

  private FakeNvidiaSmi() {}

  /** The lines a recorded output printed (its first line, the command, left out). */
  public static String recorded(String fixture) {
    try (InputStream in = FakeNvidiaSmi.class.getResourceAsStream("/nvidia-smi/" + fixture)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8)
          .lines()
          .filter(l -> !l.startsWith("#"))
          .collect(Collectors.joining("\n"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Two GPUs: the inventory of {@code fixture}, CUDA 12.4 in the banner, this JVM holding 512 MiB,
   * and a stream where GPU 1 is the busy one (85%, 1200 then 1400 MiB, 300 W) and GPU 0 idles,
   * printed at once and then every {@code -lms} milliseconds, as nvidia-smi does.
   */
  public static Path twoGpus(Path dir, String fixture) {
    String inventory = recorded(fixture);
    return script(
        dir,
        "nvidia-smi-" + fixture.replace(".csv", ""),
        String.join(
            "\n",
            "case \"$1\" in",
            "  --query-gpu=name,memory.total,driver_version) printf '%s\\n' \""
                + inventory.replace("\"", "\\\"")
                + "\" ;;",
            "  --query-compute-apps=*) echo \"$PPID, 512\"; echo \"1, 2048\" ;;",
            "  --query-gpu=index,*)",
            "    for a; do ms=$a; done",
            "    while true; do",
            "      echo '0, 2, 300, 60.00'",
            "      echo '1, 85, 1200, 300.00'",
            "      echo '1, [N/A], 1400, 300.00'",
            "      echo sample >> \"$0.sampled\"",
            "      sleep $((ms / 1000)).$(printf %03d $((ms % 1000))) >/dev/null 2>&1",
            "    done ;;",
            "  *) echo '| NVIDIA-SMI 550.54.15    Driver Version: 550.54.15    CUDA Version: 12.4 |' ;;",
            "esac"));
  }

  /**
   * Waits until the stream of {@code script} (made by {@link #twoGpus}) has printed {@code count}
   * samples since it started; returns how many it has printed.
   */
  public static int awaitSamples(Path script, int count) throws InterruptedException {
    Path marker = script.resolveSibling(script.getFileName() + ".sampled");
    await(() -> printed(marker) >= count, script + " printing " + count + " samples");
    return printed(marker);
  }

  /**
   * Waits until {@code condition} holds, for at most 30 s; {@code what} names it if it never does.
   */
  public static void await(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + 30_000_000_000L;
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("not within 30 s: " + what);
      }
      Thread.sleep(5);
    }
  }

  private static int printed(Path marker) {
    try {
      return Files.exists(marker)
          ? (int) Files.readAllLines(marker).stream().filter(l -> l.equals("sample")).count()
          : 0;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** An nvidia-smi that never answers. */
  public static Path hanging(Path dir) {
    return script(dir, "nvidia-smi-hanging", "sleep 30");
  }

  /** An nvidia-smi that fails as it does without a driver. */
  public static Path failing(Path dir) {
    return script(
        dir,
        "nvidia-smi-failing",
        "echo \"NVIDIA-SMI has failed because it couldn't communicate with the"
            + " NVIDIA driver.\"\nexit 9");
  }

  /** An nvidia-smi that prints something else than its documented CSV. */
  public static Path unexpected(Path dir) {
    return script(
        dir, "nvidia-smi-unexpected", "echo 'Segmentation fault (core dumped) in libnvidia-ml.so'");
  }

  /** An nvidia-smi whose inventory is right but whose sampling stream prints nonsense. */
  public static Path unexpectedStream(Path dir) {
    String inventory = recorded("h100-name-memory-driver.csv");
    return script(
        dir,
        "nvidia-smi-unexpected-stream",
        String.join(
            "\n",
            "case \"$1\" in",
            "  --query-gpu=name,memory.total,driver_version) echo '" + inventory + "' ;;",
            "  --query-gpu=index,*) while true; do echo 'ERR!'; sleep 0.02; done ;;",
            "  *) echo 'CUDA Version: 12.8' ;;",
            "esac"));
  }

  private static Path script(Path dir, String name, String body) {
    try {
      Path script = dir.resolve(name);
      Files.writeString(script, "#!/bin/sh\n" + body + "\n", StandardCharsets.UTF_8);
      if (!script.toFile().setExecutable(true)) {
        throw new IOException("cannot make " + script + " executable");
      }
      return script;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
