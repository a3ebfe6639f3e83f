package dev.junitbench.reports;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.InputStream;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Exports;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apiguardian.api.API;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What the reports module exports is API, and says how firm: the exported packages are read from
 * the compiled module descriptor, so a package exported later is checked without a change here.
 */
@DisplayName("The reports module's exported packages")
class ExportedApiTests {

  @Test
  @DisplayName("hold only public types that carry @API, saying what is a promise")
  void everyPublicTypeCarriesApi() throws IOException, URISyntaxException {
    Path classes =
        Path.of(
            BadInputException.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    ModuleDescriptor module;
    try (InputStream in = Files.newInputStream(classes.resolve("module-info.class"))) {
      module = ModuleDescriptor.read(in);
    }
    String[] exported =
        module.exports().stream()
            .filter(e -> !e.isQualified())
            .map(Exports::source)
            .toArray(String[]::new);
    assertThat(exported).as("read from module-info.class").contains("dev.junitbench.reports");
    JavaClasses reports =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("dev.junitbench.reports");
    classes()
        .that()
        .arePublic()
        .and()
        .areTopLevelClasses()
        .and()
        .resideInAnyPackage(exported)
        .should()
        .beAnnotatedWith(API.class)
        .because(
            "a user must see whether a type of an exported package is a promise (STABLE, MAINTAINED,"
                + " EXPERIMENTAL) or public only for the module itself (INTERNAL)")
        .check(reports);
  }
}
