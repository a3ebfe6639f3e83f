package dev.junitbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The extension's packages depend on each other one way, as ArchUnit finds them (annotations and
 * their class values included): every package is a slice of its own, and a cycle between any two
 * fails.
 */
@DisplayName("The extension's packages")
class PackageCycleTests {

  private static final JavaClasses CLASSES = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("dev.junitbench");

  /** One slice per package, the root package one too (a pattern like {@code dev.junitbench.(**)} leaves it out). */
  private static final SliceAssignment PACKAGES = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
      String name = javaClass.getPackageName();
      return name.startsWith("dev.junitbench") ? SliceIdentifier.of(name) : SliceIdentifier.ignore();
    }

    @Override
    public String getDescription() {
      return "the packages of dev.junitbench";
    }
  };

  @Test
  @DisplayName("form no cycle: the API, the machinery, the backends (onnx, onnx.decoder, djl) and the rest call each"
      + " other one way")
  void noCycles() {
    slices().assignedFrom(PACKAGES).should().beFreeOfCycles().check(CLASSES);
  }

  @Test
  @DisplayName("what a benchmark is handed (infra) depends on nothing else of the extension")
  void infraAtTheBottom() {
    noClasses().that().resideInAPackage("dev.junitbench.infra").should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.junitbench.infra", "java..").check(CLASSES);
  }

  @Test
  @DisplayName("the run's environment (plain records of results.json) depends on nothing else of the extension")
  void environmentAtTheBottom() {
    noClasses().that().resideInAPackage("dev.junitbench.environment").should().dependOnClassesThat()
        .resideOutsideOfPackages("dev.junitbench.environment", "java..").check(CLASSES);
  }

  @Test
  @DisplayName("reading the machine does not reach into sampling, which reads it")
  void machineBelowSampling() {
    noClasses().that().resideInAPackage("dev.junitbench.machine..").should().dependOnClassesThat()
        .resideInAPackage("dev.junitbench.sampling..").check(CLASSES);
  }

  @Test
  @DisplayName("the two backends do not call each other")
  void backendsApart() {
    noClasses().that().resideInAPackage("dev.junitbench.onnx..").should().dependOnClassesThat()
        .resideInAPackage("dev.junitbench.djl..").check(CLASSES);
    noClasses().that().resideInAPackage("dev.junitbench.djl..").should().dependOnClassesThat()
        .resideInAPackage("dev.junitbench.onnx..").check(CLASSES);
  }
}
