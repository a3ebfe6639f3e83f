package dev.junitbench.measure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.management.ThreadMXBean;
import dev.junitbench.config.StopRule;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

@DisplayName("The measurement loop's count of allocated bytes")
class LoopAllocationTests {

  private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final int[] SIZES = {100, 1000, 10_000};

  /** Where the bodies store what they allocate, so no allocation is optimised away. */
  static volatile Object sink;

  private static int calls;

  static void empty() {}

  static void kilobyte() {
    sink = new byte[1000];
  }

  static void cycle() {
    sink = new byte[SIZES[calls++ % SIZES.length]];
  }

  /** What one {@code byte[length]} takes on this JVM's heap, header and padding included. */
  private static long arrayBytes(int length) {
    long before = THREADS.getCurrentThreadAllocatedBytes();
    sink = new byte[length];
    long after = THREADS.getCurrentThreadAllocatedBytes();
    assertThat(after - before).isGreaterThanOrEqualTo(length);
    return after - before;
  }

  private static final Map<String, MethodHandle> HANDLES = new HashMap<>();

  /** The handle of {@code body}, the same each time. */
  private static MethodHandle handle(String body) throws ReflectiveOperationException {
    MethodHandle handle = HANDLES.get(body);
    if (handle == null) {
      handle =
          MethodHandles.lookup()
              .findStatic(LoopAllocationTests.class, body, MethodType.methodType(void.class));
      HANDLES.put(body, handle);
    }
    return handle;
  }

  private static PhaseRun measure(String body, MeasurementLoop loop, StopRule rule)
      throws Throwable {
    MethodHandle handle = handle(body);
    calls = 0;
    return loop.run(
            new TimedCall(handle, AfterTiming.NONE),
            new StopRule(2_000, null, 0),
            rule,
            new Progress(),
            warmup -> {})
        .measurement();
  }

  private static PhaseRun measure(String body, StopRule rule) throws Throwable {
    return measure(body, new MeasurementLoop(), rule);
  }

  @BeforeAll
  static void compileTheLoop() throws Throwable {
    // Every step of the loop runs once before the figures are asserted: the sort of the precision
    // check and the growth of the array load classes the first time.
    measure("empty", new MeasurementLoop(50_000), new StopRule(0, Duration.ofSeconds(5), 1e-9));
    measure("kilobyte", new StopRule(20_000, null, 0));
  }

  /**
   * The empty body measured with no warm-up for a time: the array grows from 1024 to 100 000. Its
   * handle was called before: after 127 calls the JVM customizes a method handle once (some ten
   * kilobytes), which warm-up absorbs.
   */
  private static PhaseRun growing() throws Throwable {
    return new MeasurementLoop(100_000)
        .run(
            new TimedCall(handle("empty"), AfterTiming.NONE),
            StopRule.OFF,
            new StopRule(0, Duration.ofSeconds(30), 0),
            new Progress(),
            warmup -> {})
        .measurement();
  }

  @Test
  @DisplayName("counts a body that allocates a byte[1000] per call at the array's size per call")
  void kilobytePerCall() throws Throwable {
    long expected = arrayBytes(1000);
    PhaseRun run = measure("kilobyte", new StopRule(10_000, null, 0));
    assertThat(run.iterations()).isEqualTo(10_000);
    assertThat(run.allocatedBytes() / (double) run.iterations())
        .isCloseTo(expected, within(expected * 0.02));
  }

  @Test
  @DisplayName("counts the bytes of calls that allocate known sizes, in total")
  void knownSizes() throws Throwable {
    long perCycle = 0;
    for (int size : SIZES) {
      perCycle += arrayBytes(size);
    }
    PhaseRun run = measure("cycle", new StopRule(3_000, null, 0));
    // Warm-up ran 2000 calls, so the measured 3000 are whole cycles of the three sizes.
    long expected = perCycle * 1_000;
    assertThat(run.allocatedBytes()).isCloseTo(expected, within(expected / 100));
    assertThat(run.allocatedBytes() / (double) run.iterations())
        .isCloseTo(perCycle / 3.0, within(perCycle / 300.0));
  }

  @Test
  @DisplayName("counts nothing for an empty body under a number of iterations")
  void emptyByIterations() throws Throwable {
    PhaseRun run = measure("empty", new StopRule(100_000, null, 0));
    assertThat(run.allocatedBytes()).isZero();
  }

  @Test
  @DisplayName(
      "counts nothing for an empty body under a precision target: the check's copy is not the body's")
  void emptyWithPrecision() throws Throwable {
    // The check first runs after 20 000 calls, on a copy of the samples it allocates then.
    PhaseRun run = measure("empty", new StopRule(20_000, Duration.ofSeconds(5), 1e-9));
    assertThat(run.iterations()).isGreaterThanOrEqualTo(20_000);
    assertThat(run.allocatedBytes()).isZero();
  }

  @Test
  @DisplayName(
      "counts nothing for an empty body whose sample array grows: the larger arrays are not the body's")
  void emptyWithGrowth() throws Throwable {
    PhaseRun run = growing();
    assertThat(run.sampleLimitReached()).isTrue();
    assertThat(run.samples()).hasSize(100_000);
    assertThat(run.allocatedBytes()).isZero();
  }

  @Test
  @DisplayName("counts nothing in warm-up, whose samples are thrown away")
  void notInWarmup() throws Throwable {
    MethodHandle handle =
        MethodHandles.lookup()
            .findStatic(LoopAllocationTests.class, "kilobyte", MethodType.methodType(void.class));
    PhaseRun warm =
        new MeasurementLoop()
            .warmup(
                new TimedCall(handle, AfterTiming.NONE), new StopRule(10, null, 0), new Progress());
    assertThat(warm.allocatedBytes()).isNegative();
  }

  @Test
  @DisplayName("reports no count, and why, where the JVM does not count bytes per thread")
  void notCounted() throws Throwable {
    ThreadAllocation none = ThreadAllocation.none(ThreadAllocation.NOT_COUNTED);
    MeasurementLoop loop = new MeasurementLoop(1_000, none);
    PhaseRun run = measure("kilobyte", loop, new StopRule(100, null, 0));
    assertThat(run.allocatedBytes()).isNegative();
    AllocationCount count = AllocationCount.of(run, run.iterations(), loop.allocation());
    assertThat(count.counted()).isFalse();
    assertThat(count.unavailableReason())
        .isEqualTo("this JVM does not count allocated bytes per thread");
  }

  @Test
  @DisplayName("finds a JVM without com.sun.management's thread bean does not count")
  void plainThreadBean() {
    java.lang.management.ThreadMXBean plain =
        (java.lang.management.ThreadMXBean)
            Proxy.newProxyInstance(
                getClass().getClassLoader(),
                new Class<?>[] {java.lang.management.ThreadMXBean.class},
                (proxy, method, args) -> {
                  throw new UnsupportedOperationException(method.getName());
                });
    ThreadAllocation source = ThreadAllocation.of(plain);
    assertThat(source.currentThreadBytes()).isNegative();
    assertThat(source.unavailableReason()).isEqualTo(ThreadAllocation.NOT_COUNTED);
    assertThat(ThreadAllocation.jvm().unavailableReason()).isNull();
    assertThat(ThreadAllocation.jvm().currentThreadBytes()).isPositive();
  }

  @Test
  @DisplayName("reports no count, and why, while the JVM's count is turned off")
  void turnedOff() throws Throwable {
    THREADS.setThreadAllocatedMemoryEnabled(false);
    try {
      MeasurementLoop loop = new MeasurementLoop();
      PhaseRun run = measure("kilobyte", loop, new StopRule(100, null, 0));
      assertThat(run.allocatedBytes()).isNegative();
      assertThat(AllocationCount.of(run, 100, loop.allocation()).unavailableReason())
          .isEqualTo(ThreadAllocation.TURNED_OFF);
    } finally {
      THREADS.setThreadAllocatedMemoryEnabled(true);
    }
  }
}
