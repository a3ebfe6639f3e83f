package dev.junitbench;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaAnnotation;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaEnumConstant;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.junitbench.internal.AtomicFiles;
import dev.junitbench.internal.ModelChange;
import dev.junitbench.internal.NearestScenario;
import dev.junitbench.internal.ScenarioComparison;
import dev.junitbench.internal.TextTable;
import dev.junitbench.output.SamplesCsv;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the module exports is API, and says how firm: the exported packages are read from the
 * compiled module descriptor, so a package exported later is checked without a change here.
 */
@DisplayName("The module's exported packages")
class ExportedApiTests {

  private static final String REPORTS = "dev.junitbench.reports";

  /** Shared with the reports module and nobody else: never in a package exported to everyone. */
  private static final List<Class<?>> FOR_REPORTS_ONLY =
      List.of(
          AtomicFiles.class,
          TextTable.class,
          ModelChange.class,
          NearestScenario.class,
          ScenarioComparison.class,
          SamplesCsv.class);

  private static final JavaClasses CLASSES =
      new ClassFileImporter()
          .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
          .importPackages("dev.junitbench");

  private static final ModuleDescriptor MODULE = descriptor();

  private static ModuleDescriptor descriptor() {
    try {
      Path classes =
          Path.of(Blackhole.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
        return ModuleDescriptor.read(in);
      }
    } catch (IOException | URISyntaxException e) {
      throw new IllegalStateException(
          "the compiled module-info.class of dev.junitbench cannot be read", e);
    }
  }

  private static String[] exportedToEveryone() {
    return MODULE.exports().stream()
        .filter(e -> !e.isQualified())
        .map(Exports::source)
        .toArray(String[]::new);
  }

  private static String[] exportedToSome() {
    return MODULE.exports().stream()
        .filter(Exports::isQualified)
        .map(Exports::source)
        .toArray(String[]::new);
  }

  @Test
  @DisplayName("hold only public types that carry @API, saying what is a promise")
  void everyPublicTypeCarriesApi() {
    assertThat(exportedToEveryone())
        .as("read from module-info.class")
        .contains("dev.junitbench", "dev.junitbench.spi", "dev.junitbench.results");
    classes()
        .that()
        .arePublic()
        .and()
        .areTopLevelClasses()
        .and()
        .resideInAnyPackage(exportedToEveryone())
        .should()
        .beAnnotatedWith(API.class)
        .because(
            "a user must see whether a type of an exported package is a promise (STABLE, MAINTAINED,"
                + " EXPERIMENTAL) or public only for the extension itself (INTERNAL)")
        .check(CLASSES);
  }

  @Test
  @DisplayName("exported to the reports module alone hold only INTERNAL types")
  void exportedToReportsAreInternal() {
    assertThat(MODULE.exports())
        .filteredOn(Exports::isQualified)
        .as("packages exported to %s only", REPORTS)
        .isNotEmpty()
        .allSatisfy(
            export -> assertThat(export.targets()).as(export.source()).containsExactly(REPORTS));
    DescribedPredicate<JavaAnnotation<?>> internal =
        DescribedPredicate.describe(
            "@API(status = INTERNAL)",
            annotation ->
                annotation.getRawType().isEquivalentTo(API.class)
                    && annotation
                        .get("status")
                        .map(
                            status ->
                                ((JavaEnumConstant) status)
                                    .name()
                                    .equals(API.Status.INTERNAL.name()))
                        .orElse(false));
    classes()
        .that()
        .arePublic()
        .and()
        .areTopLevelClasses()
        .and()
        .resideInAnyPackage(exportedToSome())
        .should()
        .beAnnotatedWith(internal)
        .because("what only the reports module may use is no promise to anyone")
        .check(CLASSES);
  }

  @Test
  @DisplayName("exported to everyone hold none of the helpers shared with the reports module only")
  void helpersForReportsStayUnexported() {
    Set<String> everyone = Set.of(exportedToEveryone());
    assertThat(
            FOR_REPORTS_ONLY.stream()
                .filter(type -> everyone.contains(type.getPackageName()))
                .map(Class::getName)
                .collect(Collectors.toList()))
        .as(
            "helpers in a package exported to everyone: move them to dev.junitbench.internal (exported to %s"
                + " only) or to a package that is not exported",
            REPORTS)
        .isEmpty();
  }
}
