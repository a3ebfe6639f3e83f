package dev.junitbench.sampling;

import java.io.IOException;
import java.util.Optional;

/**
 * The CPU packages' energy over one measurement: the powercap counters read at its start, at least
 * once a second by the sampler thread (a counter wraps after some minutes of full load, and two
 * readings can undo one wrap only), and at its end. Thread-safe: the sampler thread and the
 * measuring thread both read it.
 */
final class EnergyMeter {

  private final Powercap powercap;
  private final String failure;
  private long[] last;
  private double joules;
  private String stopFailure;
  private boolean stopped;

  private EnergyMeter(Powercap powercap, long[] first, String failure) {
    this.powercap = powercap;
    this.last = first;
    this.failure = failure;
  }

  /** Reads the counters' start; a meter whose counters cannot be read says why. */
  static EnergyMeter start(Powercap powercap) {
    try {
      return new EnergyMeter(powercap, powercap.read(), null);
    } catch (IOException | RuntimeException e) {
      return new EnergyMeter(powercap, null, e.getMessage());
    }
  }

  /** Why there is no start reading, if there is none. */
  Optional<String> failure() {
    return Optional.ofNullable(failure);
  }

  /** Why the last reading failed, if it did. */
  synchronized Optional<String> stopFailure() {
    return Optional.ofNullable(stopFailure);
  }

  /** Adds the energy since the last reading; a failed reading is remembered, not thrown. */
  synchronized void read() {
    if (last == null || stopped) {
      return;
    }
    try {
      long[] now = powercap.read();
      joules += powercap.joulesBetween(last, now);
      last = now;
    } catch (IOException | RuntimeException e) {
      stopFailure = e.getMessage();
      last = null;
    }
  }

  /**
   * The last reading: the joules of the measurement, or null when the counters could not be read.
   */
  synchronized Double stop() {
    read();
    stopped = true;
    return last == null ? null : joules;
  }
}
