package dev.junitbench.spi;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import dev.junitbench.config.BenchmarkConfigurationException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import org.apiguardian.api.API;

/**
 * Where a model or tokenizer file comes from: {@code classpath:}, {@code file:} or a path relative
 * to the working directory. Resolving it checks that it exists, so a missing file is reported with
 * the place that was searched before anything is loaded.
 *
 * @param location as written in the annotation
 * @param resource the classpath resource, or null
 * @param path the file, or null
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record ModelSource(String location, URL resource, Path path) {

  private static final String CLASSPATH = "classpath:";
  private static final String FILE = "file:";

  /**
   * Resolves {@code location} with {@code loader} for classpath resources.
   *
   * @param what names the annotation attribute for the error message: {@code @Model of X#m}
   * @throws BenchmarkConfigurationException when nothing is found there, naming where it looked
   */
  public static ModelSource resolve(String location, ClassLoader loader, String what) {
    String trimmed = location.trim();
    if (trimmed.isEmpty()) {
      throw new BenchmarkConfigurationException(
          what + " names no file; write classpath:..., file:... or a path");
    }
    if (trimmed.toLowerCase(Locale.ROOT).startsWith(CLASSPATH)) {
      String name = trimmed.substring(CLASSPATH.length());
      name = name.startsWith("/") ? name.substring(1) : name;
      URL url = loader.getResource(name);
      if (url == null) {
        throw new BenchmarkConfigurationException(
            what
                + " = \""
                + location
                + "\": no resource '"
                + name
                + "' on the test classpath; add the jar or folder that holds it as a test dependency,"
                + " or check the name");
      }
      return new ModelSource(location, url, pathOf(url));
    }
    String file =
        trimmed.toLowerCase(Locale.ROOT).startsWith(FILE)
            ? trimmed.substring(FILE.length())
            : trimmed;
    Path path = Path.of(file);
    if (!Files.isRegularFile(path)) {
      throw new BenchmarkConfigurationException(
          what
              + " = \""
              + location
              + "\": no file at "
              + path.toAbsolutePath()
              + " (relative paths start at the module folder, "
              + Path.of("").toAbsolutePath()
              + "); fix the path or use classpath:...");
    }
    return new ModelSource(location, null, path);
  }

  private static Path pathOf(URL url) {
    if (!"file".equals(url.getProtocol())) {
      return null;
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException | IllegalArgumentException e) {
      return null;
    }
  }

  /** The file name without its folder: {@code all-minilm-l6-v2-q.onnx}. */
  public String fileName() {
    String text = path != null ? path.getFileName().toString() : resource.getPath();
    return text.substring(text.lastIndexOf('/') + 1);
  }

  /** The file name without its extension, the default model id. */
  public String baseName() {
    String name = fileName();
    int dot = name.lastIndexOf('.');
    return dot > 0 ? name.substring(0, dot) : name;
  }

  /** A stream of the content; the caller closes it. */
  public InputStream openStream() throws IOException {
    return path != null ? Files.newInputStream(path) : resource.openStream();
  }

  /** The whole content. */
  public byte[] readAllBytes() throws IOException {
    if (path != null) {
      return Files.readAllBytes(path);
    }
    try (InputStream in = resource.openStream()) {
      return in.readAllBytes();
    }
  }

  /**
   * The content as a file: the file itself, or, for a resource inside a jar, a copy under {@code
   * folder} made once (named by size and file name) for runtimes that open only files.
   */
  public Path file(Path folder) throws IOException {
    if (path != null) {
      return path;
    }
    Path copy = folder.resolve(sizeBytes() + "-" + fileName());
    if (!Files.isRegularFile(copy) || Files.size(copy) != sizeBytes()) {
      Files.createDirectories(folder);
      Path partial = Files.createTempFile(folder, fileName(), ".part");
      try (InputStream in = resource.openStream()) {
        Files.copy(in, partial, StandardCopyOption.REPLACE_EXISTING);
        Files.move(
            partial, copy, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(partial);
      }
    }
    return copy;
  }

  /** The size in bytes. */
  public long sizeBytes() {
    try {
      if (path != null) {
        return Files.size(path);
      }
      var connection = resource.openConnection();
      long length = connection.getContentLengthLong();
      if (length >= 0) {
        return length;
      }
      return readAllBytes().length;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String toString() {
    return location;
  }
}
