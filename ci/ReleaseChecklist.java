/*
 * Maven Central's checklist, run on what a release build left in each module's target folder.
 *
 * The published modules are found, not listed: every project of the reactor's effective POMs
 * (`mvn help:effective-pom -Doutput=FILE`) whose property maven.deploy.skip is not true. For each:
 *
 * - the POM fields Central requires (name, description, url, a license with name and url, a
 *   developer with a name, scm connection, developerConnection and url) in its effective POM, which
 *   is what Central reads of the deployed POM and the parent it names;
 * - for a module that builds a jar (jar, maven-plugin, maven-archetype): the main jar, the
 *   -sources.jar (with .java files) and the -javadoc.jar (with index.html and at least one class
 *   page); a module whose main jar holds no class (an archetype) needs only index.html in its
 *   -javadoc.jar;
 * - the root's LICENSE and NOTICE, byte for byte, as META-INF/LICENSE and META-INF/NOTICE of every
 *   jar the module builds (main, sources, Javadoc, and attached ones such as -cli.jar and
 *   -tests.jar);
 * - with --signed: an .asc beside each of those files and the POM that `gpg --verify` accepts.
 *
 * Usage: java ci/ReleaseChecklist.java modules EFFECTIVE_POMS   (prints :artifactId,... for mvn -pl)
 *        java ci/ReleaseChecklist.java check EFFECTIVE_POMS ROOT [--signed]
 * Exit code 0 when every item is there, 1 when one is missing (each printed on a line of its own,
 * with the fix), 2 on bad usage or an effective-POM file that cannot be read.
 *
 * A single-file program for the JDK's source launcher (JDK 17 or later), JDK classes only, so a
 * machine with Java and Maven can run it.
 */

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** Checks the files a release build left against Maven Central's requirements, module by module. */
public class ReleaseChecklist {
  private static final String POM_NAMESPACE = "http://maven.apache.org/POM/4.0.0";
  private static final Set<String> JAR_PACKAGINGS =
      Set.of("jar", "maven-plugin", "maven-archetype");
  // Javadoc's own pages; a class page is any other page named like a type, inside a package folder.
  private static final Set<String> JAVADOC_PAGES =
      Set.of("index.html", "overview-summary.html", "help-doc.html");
  private static final Pattern CLASS_PAGE = Pattern.compile("[A-Z][A-Za-z0-9_$.]*\\.html");
  private static final List<String> JAVADOC_OWN_FOLDERS =
      List.of("META-INF/", "resources/", "legal/", "script-dir/");
  private static final List<String> LEGAL_FILES = List.of("LICENSE", "NOTICE");
  private static final List<String> REQUIRED_POM_FIELDS =
      List.of(
          "name",
          "description",
          "url",
          "licenses/license/name",
          "licenses/license/url",
          "developers/developer/name",
          "scm/connection",
          "scm/developerConnection",
          "scm/url");

  private static final String USAGE =
      "Usage: java ci/ReleaseChecklist.java modules EFFECTIVE_POMS"
          + "   (prints :artifactId,... for mvn -pl)\n"
          + "       java ci/ReleaseChecklist.java check EFFECTIVE_POMS ROOT [--signed]";

  /** A file the effective POMs could not be read from: bad usage, exit code 2. */
  private static final class UnreadablePomsException extends Exception {
    private static final long serialVersionUID = 1L;

    UnreadablePomsException(Path file, Exception cause) {
      super(
          "release checklist: cannot read the effective POMs " + file + ": " + cause.getMessage());
    }
  }

  public static void main(String[] args) {
    System.exit(run(Arrays.asList(args)));
  }

  static int run(List<String> args) {
    try {
      if (args.size() >= 2 && args.get(0).equals("modules")) {
        System.out.println(
            projects(Path.of(args.get(1))).stream()
                .filter(ReleaseChecklist::published)
                .map(project -> ":" + text(project, "artifactId"))
                .collect(Collectors.joining(",")));
        return 0;
      }
      List<String> options = args.size() >= 3 ? args.subList(3, args.size()) : List.of();
      if (args.size() >= 3
          && args.get(0).equals("check")
          && options.stream().allMatch("--signed"::equals)) {
        return check(Path.of(args.get(1)), Path.of(args.get(2)), options.contains("--signed"));
      }
    } catch (UnreadablePomsException e) {
      System.err.println(e.getMessage());
      return 2;
    }
    System.err.println(USAGE);
    return 2;
  }

  static int check(Path effectivePoms, Path root, boolean signed) throws UnreadablePomsException {
    Map<String, byte[]> legalFiles = new LinkedHashMap<>();
    for (String name : LEGAL_FILES) {
      if (Files.isRegularFile(root.resolve(name))) {
        legalFiles.put(name, readBytes(root.resolve(name)));
      }
    }
    List<String> problems = new ArrayList<>();
    if (!legalFiles.containsKey("LICENSE")) {
      problems.add(root + "/LICENSE is missing");
    }
    int checkedModules = 0;
    int checkedFiles = 0;
    for (Element project : projects(effectivePoms)) {
      if (!published(project)) {
        continue;
      }
      checkedModules++;
      String artifact = text(project, "artifactId");
      String version = text(project, "version");
      String declaredPackaging = text(project, "packaging");
      String packaging = declaredPackaging.isEmpty() ? "jar" : declaredPackaging;
      Path buildDir = Path.of(text(project, "build/directory"));
      String finalName = text(project, "build/finalName");
      List<String> found = new ArrayList<>();
      for (String field : REQUIRED_POM_FIELDS) {
        if (text(project, field).isEmpty()) {
          found.add("its POM has no <" + field + "> (set it in the root pom.xml, inherited)");
        }
      }
      List<Path> signedFiles = new ArrayList<>();
      if (JAR_PACKAGINGS.contains(packaging)) {
        String[][] requiredJars = {
          {"", "build it with `package`"},
          {"-sources", "build with -Prelease (maven-source-plugin jar-no-fork)"},
          {"-javadoc", "build with -Prelease (maven-javadoc-plugin jar)"},
        };
        for (String[] required : requiredJars) {
          Path jar = buildDir.resolve(finalName + required[0] + ".jar");
          if (!Files.isRegularFile(jar)) {
            found.add(jar.getFileName() + " is missing: " + required[1]);
          }
        }
        Path mainJar = buildDir.resolve(finalName + ".jar");
        // A module without classes (an archetype) has sources that are resources and a Javadoc
        // index only.
        boolean hasJava = Files.isRegularFile(mainJar) && holdsClasses(mainJar);
        for (Path jar : jarsOf(buildDir, finalName)) {
          checkedFiles++;
          found.addAll(jarProblems(jar, legalFiles, hasJava));
          signedFiles.add(jar);
        }
      }
      if (signed) {
        // maven-gpg-plugin signs the POM as deployed, a copy named <artifactId>-<version>.pom.
        signedFiles.add(buildDir.resolve(artifact + "-" + version + ".pom"));
        for (Path signedFile : signedFiles) {
          checkedFiles++;
          found.addAll(signatureProblems(signedFile));
        }
      }
      found.forEach(problem -> problems.add(artifact + ": " + problem));
    }
    if (checkedModules == 0) {
      problems.add("no published module found in " + effectivePoms);
    }
    for (String problem : problems) {
      System.err.println("release checklist: MISSING " + problem);
    }
    if (!problems.isEmpty()) {
      System.err.println("release checklist: FAILED, " + problems.size() + " item(s) missing");
      return 1;
    }
    System.out.println(
        "release checklist: OK, "
            + checkedModules
            + " published module(s), "
            + checkedFiles
            + " file(s)"
            + (signed ? ", signatures verified" : ", signatures not checked (no key)"));
    return 0;
  }

  /** The projects of an effective POM: the one project, or each of a reactor's. */
  static List<Element> projects(Path effectivePoms) throws UnreadablePomsException {
    Element root;
    try {
      DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      root = factory.newDocumentBuilder().parse(effectivePoms.toFile()).getDocumentElement();
    } catch (Exception e) {
      throw new UnreadablePomsException(effectivePoms, e);
    }
    return "project".equals(root.getLocalName()) ? List.of(root) : children(root, "project");
  }

  static boolean published(Element project) {
    return !text(project, "properties/maven.deploy.skip").equalsIgnoreCase("true");
  }

  /**
   * The trimmed text of the first element at a path of POM child names, "" when there is none: the
   * text before its first child element, as a POM value holds it.
   */
  static String text(Element element, String path) {
    Element found = first(element, List.of(path.split("/")));
    if (found == null) {
      return "";
    }
    StringBuilder text = new StringBuilder();
    for (Node node = found.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node.getNodeType() == Node.ELEMENT_NODE) {
        break;
      }
      if (node.getNodeType() == Node.TEXT_NODE || node.getNodeType() == Node.CDATA_SECTION_NODE) {
        text.append(node.getNodeValue());
      }
    }
    return text.toString().strip();
  }

  // Depth first, in document order: <licenses><license/><license><name> finds the second's name.
  private static Element first(Element element, List<String> steps) {
    if (steps.isEmpty()) {
      return element;
    }
    for (Element child : children(element, steps.get(0))) {
      Element found = first(child, steps.subList(1, steps.size()));
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static List<Element> children(Element parent, String localName) {
    List<Element> children = new ArrayList<>();
    for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
      if (node instanceof Element child
          && POM_NAMESPACE.equals(child.getNamespaceURI())
          && localName.equals(child.getLocalName())) {
        children.add(child);
      }
    }
    return children;
  }

  /** The jars of a module, named like its final name: main, sources, Javadoc and attached ones. */
  private static List<Path> jarsOf(Path buildDir, String finalName) {
    if (!Files.isDirectory(buildDir)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(buildDir)) {
      return files
          .filter(file -> file.getFileName().toString().startsWith(finalName))
          .filter(file -> file.getFileName().toString().endsWith(".jar"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new IllegalStateException("cannot list " + buildDir + ": " + e.getMessage(), e);
    }
  }

  private static boolean holdsClasses(Path jar) {
    try (ZipFile archive = new ZipFile(jar.toFile())) {
      return entryNames(archive).stream().anyMatch(name -> name.endsWith(".class"));
    } catch (IOException e) {
      // jarProblems reports an unreadable jar.
      return false;
    }
  }

  static List<String> jarProblems(Path jar, Map<String, byte[]> legalFiles, boolean hasJava) {
    String jarName = jar.getFileName().toString();
    List<String> problems = new ArrayList<>();
    try (ZipFile archive = new ZipFile(jar.toFile())) {
      Set<String> names = entryNames(archive);
      for (Map.Entry<String, byte[]> legalFile : legalFiles.entrySet()) {
        String entry = "META-INF/" + legalFile.getKey();
        if (!names.contains(entry)) {
          problems.add(jarName + " has no " + entry);
        } else if (!Arrays.equals(read(archive, entry), legalFile.getValue())) {
          problems.add(
              jarName + ": " + entry + " differs from the repository's " + legalFile.getKey());
        }
      }
      if (jarName.endsWith("-javadoc.jar")) {
        if (!names.contains("index.html")) {
          problems.add(jarName + " has no index.html");
        }
        if (hasJava && names.stream().noneMatch(ReleaseChecklist::isClassPage)) {
          problems.add(jarName + " documents no class (no class page)");
        }
      }
      if (jarName.endsWith("-sources.jar")
          && hasJava
          && names.stream().noneMatch(name -> name.endsWith(".java"))) {
        problems.add(jarName + " holds no .java file");
      }
    } catch (IOException e) {
      problems.add(jarName + " cannot be read as a jar: " + e.getMessage());
    }
    return problems;
  }

  private static boolean isClassPage(String entry) {
    String fileName = entry.substring(entry.lastIndexOf('/') + 1);
    return entry.contains("/")
        && JAVADOC_OWN_FOLDERS.stream().noneMatch(entry::startsWith)
        && !entry.contains("/doc-files/")
        && CLASS_PAGE.matcher(fileName).matches()
        && !JAVADOC_PAGES.contains(fileName);
  }

  static List<String> signatureProblems(Path signedFile) {
    String name = signedFile.getFileName().toString();
    Path signature = signedFile.resolveSibling(name + ".asc");
    if (!Files.isRegularFile(signedFile)) {
      return List.of(name + " is missing (maven-gpg-plugin writes it beside its signature)");
    }
    if (!Files.isRegularFile(signature)) {
      return List.of(
          name
              + " has no signature ("
              + signature.getFileName()
              + "): sign with -Dgpg.keyname=KEY");
    }
    String reason;
    try {
      Process verify =
          new ProcessBuilder(
                  "gpg", "--batch", "--verify", signature.toString(), signedFile.toString())
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      String stderr = new String(verify.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
      if (verify.waitFor() == 0) {
        return List.of();
      }
      List<String> lines = stderr.strip().lines().toList();
      reason = lines.isEmpty() ? "no reason given" : lines.get(lines.size() - 1);
    } catch (IOException e) {
      reason = "gpg could not run (" + e.getMessage() + "); install GnuPG";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      reason = "interrupted while gpg ran";
    }
    return List.of(signature.getFileName() + " does not verify: " + reason);
  }

  private static Set<String> entryNames(ZipFile archive) {
    Set<String> names = new HashSet<>();
    for (Enumeration<? extends ZipEntry> entries = archive.entries(); entries.hasMoreElements(); ) {
      names.add(entries.nextElement().getName());
    }
    return names;
  }

  private static byte[] read(ZipFile archive, String entry) throws IOException {
    try (InputStream in = archive.getInputStream(archive.getEntry(entry))) {
      return in.readAllBytes();
    }
  }

  private static byte[] readBytes(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + file + ": " + e.getMessage(), e);
    }
  }
}
