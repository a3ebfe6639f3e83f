package dev.junitbench.profile;

/** A profile being recorded to its file: stopping it completes the file. */
interface ProfileRecording {

  /** What records it: {@code async-profiler 4.5} or {@code JDK Flight Recorder}. */
  String profiler();

  /** Stops recording; the file then holds the whole profile. */
  void stop() throws Exception;
}
