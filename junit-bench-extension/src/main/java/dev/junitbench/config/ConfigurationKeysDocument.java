package dev.junitbench.config;

import static org.apiguardian.api.API.Status.INTERNAL;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.apiguardian.api.API;

/**
 * Writes {@link ConfigurationKeys}' table as the AsciiDoc table the user guide includes; the build
 * of the guide runs it, so the guide shows the keys and defaults the code has.
 */
@API(status = INTERNAL, since = "0.1")
public final class ConfigurationKeysDocument {

  private ConfigurationKeysDocument() {}

  /** Writes the table to the file named by the only argument, creating its folder. */
  public static void main(String[] args) throws IOException {
    if (args.length != 1) {
      throw new IllegalArgumentException(
          "expected one argument, the AsciiDoc file to write, e.g. target/generated/configuration-keys.adoc;"
              + " got "
              + args.length);
    }
    Path file = Path.of(args[0]);
    Path folder = file.toAbsolutePath().getParent();
    Files.createDirectories(folder);
    Files.writeString(file, table(), StandardCharsets.UTF_8);
  }

  /** The AsciiDoc table: every key of the table, then the key families. */
  public static String table() {
    StringBuilder text = new StringBuilder();
    text.append("[cols=\"3,6,3\",options=\"header\"]\n|===\n| parameter | effect | default\n");
    Stream.of(ConfigurationKeys.TABLE, ConfigurationKeys.FAMILIES)
        .flatMap(List::stream)
        .forEach(
            row ->
                text.append('\n')
                    .append("| ")
                    .append(ConfigurationKey.literal(row.key()))
                    .append('\n')
                    .append("| ")
                    .append(row.effect().replace("|", "\\|"))
                    .append('\n')
                    .append("| ")
                    .append(row.shownDefault().replace("|", "\\|"))
                    .append('\n'));
    return text.append("|===\n").toString();
  }
}
