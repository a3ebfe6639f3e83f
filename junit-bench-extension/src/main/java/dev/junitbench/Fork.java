package dev.junitbench;

import static org.apiguardian.api.API.Status.STABLE;

import dev.junitbench.config.Defaults;
import dev.junitbench.stats.ForkStopRule;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.apiguardian.api.API;

/**
 * Measures each scenario in fresh JVMs, as JMH's {@code @Fork} does: {@code 0} measures in the
 * JUnit JVM (the default without this annotation); {@code n >= 1} starts n child JVMs, one after
 * the other, each of which opens the model, runs the scenario's set-up, warms up and measures, and
 * hands its samples back. The JUnit JVM stays the one test per scenario that the IDE and Surefire
 * show, and writes every result file.
 *
 * <p>One JVM's figures describe that JVM: JIT decisions, memory layout and native thread pools
 * differ in the next, so a scenario's median moves between JVM runs by more than its own interval
 * says. Forked, the interval that counts is the one across forks (a Student-t interval on the log
 * fork medians), and a regression gate between two forked runs tests fork medians. Five forks is
 * the recommended fixed count; the user guide (docs/forks.adoc) shows why.
 *
 * <p>Without a count ({@code @Fork}, or {@code @Fork(min = 3, max = 10, precision = 0.02)}), forks
 * run one after another until the answer is known: from {@link #min()} forks on, they stop once the
 * 95% interval across forks is within {@link #precision()} of its centre, or {@link #max()} forks
 * ran (defaults 3, 10 and 0.02, in {@link Defaults}); the interval and the stopping test carry the
 * correction {@link ForkStopRule} describes, so stopping on a narrow interval keeps its 95%
 * coverage at the defaults (94.4-95.7% in simulation; 94.7-97.0% at the other settings simulated).
 * A count ({@code @Fork(5)}) runs exactly that many.
 *
 * <p>Children get the test class path as the test class loader sees it, the JUnit JVM's options and
 * system properties, every {@code junit.bench.*} configuration parameter, and {@link #jvmArgs()}
 * after those. {@code @BeforeAll} and {@code @AfterAll} run in the JUnit JVM and in each child;
 * {@code @BeforeEach} and {@code @AfterEach} of a forked scenario run only in its children, except
 * against a baseline scenario measured unforked: then the scenario is measured in the JUnit JVM
 * first, as an unforked one is, and that JVM keeps its model open while the children run. On a
 * class it applies to every benchmark in it; a method's own annotation wins. The configuration
 * parameter {@code junit.bench.forks} replaces the count for a run ({@code auto}: forks until the
 * answer is known), and {@code junit.bench.forks.jvm-args} appends options.
 *
 * @since 0.1.0
 */
@Target({ElementType.METHOD, ElementType.TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@API(status = STABLE, since = "0.1")
public @interface Fork {

  /**
   * Child JVMs per scenario: 0 (none, measure in the JUnit JVM) or more, exactly; when left out,
   * forks run until the answer is known ({@link #min()}, {@link #max()}, {@link #precision()}).
   */
  int value() default Defaults.FORKS_NOT_SET;

  /**
   * Fewest forks when no count is given, 3 or more; {@value Defaults#ADAPTIVE_FORKS_MIN} when left
   * out. Not with a count.
   */
  int min() default Defaults.FORKS_NOT_SET;

  /**
   * Most forks when no count is given, min or more; {@value Defaults#ADAPTIVE_FORKS_MAX} when left
   * out. Not with a count.
   */
  int max() default Defaults.FORKS_NOT_SET;

  /**
   * The relative half-width of the 95% interval across forks, {@code (ci95_high - ci95_low) / (2 x
   * median)}, that stops the forks when no count is given: above 0 and below 1, 0.02 = +-2%;
   * {@value Defaults#ADAPTIVE_FORKS_PRECISION} when left out. Not with a count.
   */
  double precision() default Double.NaN;

  /**
   * JVM options appended after the JUnit JVM's own, like JMH's {@code jvmArgsAppend}: {@code
   * "-Xmx2g"}.
   */
  String[] jvmArgs() default {};
}
