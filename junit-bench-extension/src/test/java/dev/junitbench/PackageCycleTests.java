package dev.junitbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The extension's packages depend on each other one way, as ArchUnit finds them. The packages that
 * still form one knot with the root package (where the API and the extension's machinery live
 * together) count as one slice, {@link #KNOT}, until they are taken apart; every other package is a
 * slice of its own. A new cycle between any of them, or with the knot, fails.
 */
@DisplayName("The extension's packages")
class PackageCycleTests {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.junitbench");

  /** The packages still in one cycle through the root package: fewer with each one taken out. */
  static final Set<String> KNOT = Set.of("dev.junitbench", "dev.junitbench.config", "dev.junitbench.fork",
      "dev.junitbench.gate", "dev.junitbench.model", "dev.junitbench.results", "dev.junitbench.environment",
      "dev.junitbench.sampling", "dev.junitbench.spi");

  /** One slice per package, the knot's packages one slice together. */
  private static final SliceAssignment PACKAGES = packagesApartFrom(KNOT);

  /** One slice per package, those of {@code knot} one slice together. */
  private static SliceAssignment packagesApartFrom(Set<String> knot) {
    return new SliceAssignment() {
      @Override
      public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
        String name = javaClass.getPackageName();
        if (!name.startsWith("dev.junitbench")) {
          return SliceIdentifier.ignore();
        }
        return SliceIdentifier.of(knot.contains(name) ? "the knot around dev.junitbench" : name);
      }

      @Override
      public String getDescription() {
        return "the packages of dev.junitbench";
      }
    };
  }

  @Test
  @DisplayName("form no cycle: the backends (onnx, onnx.decoder, djl), stats, load and the rest call each other one way")
  void noCycles() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  @DisplayName("the machine readings (sampling) do not reach into the run's environment, which reads them")
  void samplingBelowEnvironment() {
    noClasses().that().resideInAPackage("dev.junitbench.sampling..").should().dependOnClassesThat()
        .resideInAPackage("dev.junitbench.environment..").check(CLASSES);
  }

  @Test
  @DisplayName("the knot holds only packages still caught in it: one taken out must be taken off the list")
  void knotIsCurrent() {
    for (String name : KNOT) {
      Set<String> rest = new java.util.HashSet<>(KNOT);
      rest.remove(name);
      boolean cyclic = slices().assignedFrom(packagesApartFrom(rest)).should().beFreeOfCycles()
          .evaluate(CLASSES).hasViolation();
      org.assertj.core.api.Assertions.assertThat(cyclic)
          .as("%s is in no cycle with the rest of the knot any more: take it off PackageCycleTests.KNOT", name)
          .isTrue();
    }
  }
}
