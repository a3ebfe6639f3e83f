package dev.junitbench.machine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junitbench.environment.SoftwareInfo;
import java.util.List;
import org.assertj.core.api.Assertions;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SoftwareInfoTests {

  @Test
  @DisplayName("The Java version, vendor and VM match the JVM's system properties")
  void java() {
    SoftwareInfo software = SoftwareReader.current();

    assertThat(software.javaVersion()).isEqualTo(System.getProperty("java.version"));
    assertThat(software.javaVendor()).isEqualTo(System.getProperty("java.vendor"));
    assertThat(software.javaVmName()).isEqualTo(System.getProperty("java.vm.name"));
    assertThat(software.javaVmVersion()).isEqualTo(System.getProperty("java.vm.version"));
  }

  @Test
  @DisplayName("The JUnit versions are those of the JUnit 5.14 jars on the class path")
  void junit() {
    SoftwareInfo software = SoftwareReader.current();

    // JUnit 5.x ships Platform 1.x: Jupiter 5.14.4 comes with Platform 1.14.4.
    assertThat(software.junitPlatformVersion()).startsWith("1.14.");
    assertThat(software.junitJupiterVersion()).startsWith("5.14.");
  }

  @Test
  @DisplayName("A class that is not on the class path has no version")
  void missingClass() {
    assertThat(SoftwareReader.implementationVersion("org.example.NotThere")).isNull();
  }

  @Test
  @DisplayName("junit-bench's own version is the Maven project version")
  void junitBench() {
    assertThat(SoftwareReader.current().junitBenchVersion()).isEqualTo("0.1.0-SNAPSHOT");
  }

  @Test
  @DisplayName("JVM options are recorded, the values of secret-looking properties left out")
  void redactedArguments() {
    Assertions.assertThat(
            SoftwareReader.redact(
                List.of(
                    "-Xmx2g",
                    "-Ddb.password=hunter2",
                    "-DGITHUB_TOKEN=ghp_x",
                    "-Dapi.key=k",
                    "-Dfile.encoding=UTF-8",
                    "-XX:+UseG1GC")))
        .containsExactly(
            "-Xmx2g",
            "-Ddb.password=***",
            "-DGITHUB_TOKEN=***",
            "-Dapi.key=***",
            "-Dfile.encoding=UTF-8",
            "-XX:+UseG1GC");
  }
}
