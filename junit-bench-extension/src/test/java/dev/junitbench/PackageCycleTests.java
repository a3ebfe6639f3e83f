package dev.junitbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The extension's packages depend on each other one way, as ArchUnit finds them (annotations and
 * their class values included): every package is a slice of its own, and a cycle between any two
 * fails.
 */
@DisplayName("The extension's packages")
class PackageCycleTests {

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.junitbench");

  /**
   * The @API annotation every exported type carries (ExportedApiTests): a marker, not a dependency.
   */
  private static final String API_STATUS = "org.apiguardian.api..";

  /**
   * One slice per package, the root package one too (a pattern like {@code dev.junitbench.(**)}
   * leaves it out).
   */
  private static final SliceAssignment PACKAGES =
      new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
          String name = javaClass.getPackageName();
          return name.startsWith("dev.junitbench")
              ? SliceIdentifier.of(name)
              : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
          return "the packages of dev.junitbench";
        }
      };

  @Test
  @DisplayName(
      "form no cycle: the API, the machinery, the backends (onnx, onnx.decoder, djl) and the rest call each"
          + " other one way")
  void noCycles() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  @DisplayName("what a benchmark is handed (infra) depends on nothing else of the extension")
  void infraAtTheBottom() {
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.infra")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("dev.junitbench.infra", "java..", API_STATUS)
        .check(CLASSES);
  }

  @Test
  @DisplayName(
      "the run's environment (plain records of results.json) depends on nothing else of the extension")
  void environmentAtTheBottom() {
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.environment")
        .should()
        .dependOnClassesThat()
        .resideOutsideOfPackages("dev.junitbench.environment", "java..", API_STATUS)
        .check(CLASSES);
  }

  @Test
  @DisplayName("reading the machine does not reach into sampling, which reads it")
  void machineBelowSampling() {
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.machine..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.junitbench.sampling..")
        .check(CLASSES);
  }

  @Test
  @DisplayName("the two backends do not call each other")
  void backendsApart() {
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.onnx..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.junitbench.djl..")
        .check(CLASSES);
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.djl..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("dev.junitbench.onnx..")
        .check(CLASSES);
  }

  /**
   * The JUnit adapter: the root package (the extension, the plan read from annotations, the fork's
   * launcher).
   */
  private static final String[] ADAPTERS = {"dev.junitbench"};

  /**
   * The launcher's listener, which finds the plan's benchmarks by their annotation and writes the
   * run's files.
   */
  private static final String LISTENER = "dev\\.junitbench\\.output\\.ResultsListener(\\$.*)?";

  @Test
  @DisplayName(
      "the engine and everything below it know neither the root package (annotations, adapter) nor JUnit and"
          + " opentest4j; the one exception is the launcher's listener (output.ResultsListener); a fork's JUnit run"
          + " is the adapter's, behind fork.ForkLauncher")
  void engineKnowsNeitherJunitNorTheAnnotations() {
    noClasses()
        .that()
        .resideOutsideOfPackages(ADAPTERS)
        .and()
        .haveNameNotMatching(LISTENER)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("org.junit..", "org.opentest4j..")
        .check(CLASSES);
    noClasses()
        .that()
        .resideOutsideOfPackages(ADAPTERS)
        .and()
        .haveNameNotMatching(LISTENER)
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(ADAPTERS)
        .check(CLASSES);
  }

  @Test
  @DisplayName("the engine does not reach down into the adapter's exchange with the test framework")
  void engineBelowTheAdapter() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "dev.junitbench.engine..",
            "dev.junitbench.measure..",
            "dev.junitbench.load..",
            "dev.junitbench.generation..",
            "dev.junitbench.model..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("dev.junitbench.exchange..", "dev.junitbench.output..")
        .check(CLASSES);
  }

  @Test
  @DisplayName(
      "the timed loop depends on nothing of the engine above it: not on load, generation, models or forks")
  void loopAtTheBottomOfTheEngine() {
    noClasses()
        .that()
        .resideInAPackage("dev.junitbench.measure..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "dev.junitbench.engine..",
            "dev.junitbench.load..",
            "dev.junitbench.generation..",
            "dev.junitbench.model..",
            "dev.junitbench.fork..",
            "dev.junitbench.gate..",
            "dev.junitbench.sampling..")
        .check(CLASSES);
  }

  @Test
  @DisplayName(
      "the root package holds only what a benchmark author writes (public) and the package-private adapter")
  void rootHoldsTheApiAndTheAdapter() {
    for (JavaClass type : CLASSES) {
      if (!type.getPackageName().equals("dev.junitbench")
          || !type.isTopLevelClass()
          || type.getSimpleName().equals("package-info")) {
        continue;
      }
      boolean api =
          type.isAnnotation() || Set.of("Blackhole", "InputFactory").contains(type.getSimpleName());
      boolean packagePrivate = !type.getModifiers().contains(JavaModifier.PUBLIC);
      assertThat(api || packagePrivate)
          .as(
              "%s in the root package: only annotations, Blackhole and InputFactory are public there; machinery goes"
                  + " to the engine's packages, the JUnit adapter is package-private",
              type.getName())
          .isTrue();
      // Adapter: a class of the root package that neither talks to JUnit nor reads the annotations
      // is
      // machinery, and belongs to the engine.
      boolean adapter =
          type.getDirectDependenciesFromSelf().stream()
              .map(d -> d.getTargetClass())
              .anyMatch(
                  target ->
                      target.getPackageName().startsWith("org.junit")
                          || (target.getPackageName().equals("dev.junitbench")
                              && target.isAnnotation()));
      assertThat(api || adapter)
          .as(
              "%s in the root package is not the API, does not use JUnit and reads no annotation: move it to"
                  + " the engine's packages",
              type.getName())
          .isTrue();
    }
  }
}
