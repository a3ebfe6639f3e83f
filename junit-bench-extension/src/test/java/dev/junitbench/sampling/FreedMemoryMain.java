package dev.junitbench.sampling;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import dev.junitbench.machine.Machine;

/**
 * The child JVM of {@code ResourceSamplerTests#releaseFreedMemory}: frees memory glibc keeps in its
 * heap, then asks {@link Machine#releaseFreedMemory()} to hand it back, and prints how much the
 * resident set shrank ({@code freed=... released=...}).
 */
public final class FreedMemoryMain {

  private FreedMemoryMain() {}

  public static void main(String[] args) throws Exception {
    Machine machine = Machine.real();
    int chunk = 512 << 10;
    int chunks = 256;
    long[] pins = new long[chunks * 2];
    // The second round comes from glibc's heap (the first raised its mmap threshold); a small block
    // kept after each chunk keeps the freed chunks inside the heap, where free() returns nothing.
    for (int round = 0; round < 2; round++) {
      long[] pointers = new long[chunks];
      for (int i = 0; i < chunks; i++) {
        pointers[i] = Native.malloc(chunk);
        new Pointer(pointers[i]).setMemory(0, chunk, (byte) 1);
        pins[round * chunks + i] = Native.malloc(64);
      }
      for (long pointer : pointers) {
        Native.free(pointer);
      }
    }
    long kept = machine.rssBytes();
    machine.releaseFreedMemory();
    long released = kept - machine.rssBytes();
    for (long pin : pins) {
      Native.free(pin);
    }
    System.out.println("freed=" + (long) chunks * chunk + " released=" + released);
  }
}
