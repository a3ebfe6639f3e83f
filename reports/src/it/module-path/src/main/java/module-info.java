/** A user's module with benchmarks; open, so JUnit and junit-bench may call its test methods. */
open module it.modular {
  requires dev.junitbench;
  requires dev.junitbench.reports;
  requires java.management;

  provides dev.junitbench.spi.Probe with
      it.modular.ClassCountProbe;
}
