#!/usr/bin/env python3
"""Maven Central's checklist, run on what a release build left in each module's target folder.

The published modules are found, not listed: every project of the reactor's effective POMs
(`mvn help:effective-pom -Doutput=FILE`) whose property maven.deploy.skip is not true. For each:

- the POM fields Central requires (name, description, url, a license with name and url, a developer
  with a name, scm connection, developerConnection and url) in its effective POM, which is what
  Central reads of the deployed POM and the parent it names;
- for a module that builds a jar (jar, maven-plugin, maven-archetype): the main jar, the -sources.jar
  (with .java files) and the -javadoc.jar (with index.html and at least one class page); a module
  whose main jar holds no class (an archetype) needs only index.html in its -javadoc.jar;
- the root's LICENSE and NOTICE, byte for byte, as META-INF/LICENSE and META-INF/NOTICE of every jar
  the module builds (main, sources, Javadoc, and attached ones such as -cli.jar and -tests.jar);
- with --signed: an .asc beside each of those files and the POM that `gpg --verify` accepts.

Usage: release-checklist.py modules EFFECTIVE_POMS   (prints :artifactId,... for mvn -pl)
       release-checklist.py check EFFECTIVE_POMS ROOT [--signed]
Exit code 0 when every item is there, 1 when one is missing (each printed on a line of its own,
with the fix), 2 on bad usage.
"""

import re
import subprocess
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree

NS = {"m": "http://maven.apache.org/POM/4.0.0"}
JAR_PACKAGINGS = {"jar", "maven-plugin", "maven-archetype"}
# Javadoc's own pages; a class page is any other page named like a type, inside a package folder.
JAVADOC_PAGES = {"index.html", "overview-summary.html", "help-doc.html"}
CLASS_PAGE = re.compile(r"^[A-Z][A-Za-z0-9_$.]*\.html$")


def text(element, path):
    found = element.find(path, NS)
    return found.text.strip() if found is not None and found.text else ""


def projects(effective_poms):
    root = ElementTree.parse(effective_poms).getroot()
    tag = root.tag.rsplit("}", 1)[-1]
    return [root] if tag == "project" else root.findall("m:project", NS)


def published(project):
    return text(project, "m:properties/m:maven.deploy.skip").lower() != "true"


def missing_pom_fields(project):
    required = {
        "name": "m:name",
        "description": "m:description",
        "url": "m:url",
        "licenses/license/name": "m:licenses/m:license/m:name",
        "licenses/license/url": "m:licenses/m:license/m:url",
        "developers/developer/name": "m:developers/m:developer/m:name",
        "scm/connection": "m:scm/m:connection",
        "scm/developerConnection": "m:scm/m:developerConnection",
        "scm/url": "m:scm/m:url",
    }
    return [field for field, path in required.items() if not text(project, path)]


def holds_classes(jar):
    with zipfile.ZipFile(jar) as archive:
        return any(n.endswith(".class") for n in archive.namelist())


def jar_problems(jar, legal_files, has_java):
    problems = []
    with zipfile.ZipFile(jar) as archive:
        names = set(archive.namelist())
        for name, expected in legal_files.items():
            entry = "META-INF/" + name
            if entry not in names:
                problems.append(f"{jar.name} has no {entry}")
            elif archive.read(entry) != expected:
                problems.append(f"{jar.name}: {entry} differs from the repository's {name}")
        if jar.name.endswith("-javadoc.jar"):
            if "index.html" not in names:
                problems.append(f"{jar.name} has no index.html")
            class_pages = [
                n
                for n in names
                if "/" in n
                and not n.startswith(("META-INF/", "resources/", "legal/", "script-dir/"))
                and "/doc-files/" not in n
                and CLASS_PAGE.match(n.rsplit("/", 1)[-1])
                and n.rsplit("/", 1)[-1] not in JAVADOC_PAGES
            ]
            if has_java and not class_pages:
                problems.append(f"{jar.name} documents no class (no class page)")
        if jar.name.endswith("-sources.jar") and has_java and not any(n.endswith(".java") for n in names):
            problems.append(f"{jar.name} holds no .java file")
    return problems


def signature_problems(signed_file):
    signature = signed_file.with_name(signed_file.name + ".asc")
    if not signed_file.is_file():
        return [f"{signed_file.name} is missing (maven-gpg-plugin writes it beside its signature)"]
    if not signature.is_file():
        return [f"{signed_file.name} has no signature ({signature.name}): sign with -Dgpg.keyname=KEY"]
    verify = subprocess.run(
        ["gpg", "--batch", "--verify", str(signature), str(signed_file)],
        capture_output=True,
        text=True,
    )
    if verify.returncode != 0:
        reason = (verify.stderr.strip().splitlines() or ["no reason given"])[-1]
        return [f"{signature.name} does not verify: {reason}"]
    return []


def check(effective_poms, root, signed):
    legal_files = {
        name: (root / name).read_bytes() for name in ("LICENSE", "NOTICE") if (root / name).is_file()
    }
    problems = []
    if "LICENSE" not in legal_files:
        problems.append(f"{root}/LICENSE is missing")
    checked_modules = 0
    checked_files = 0
    for project in projects(effective_poms):
        if not published(project):
            continue
        checked_modules += 1
        artifact = text(project, "m:artifactId")
        version = text(project, "m:version")
        packaging = text(project, "m:packaging") or "jar"
        build_dir = Path(text(project, "m:build/m:directory"))
        final_name = text(project, "m:build/m:finalName")
        found = []
        for field in missing_pom_fields(project):
            found.append(f"its POM has no <{field}> (set it in the root pom.xml, inherited)")
        signed_files = []
        if packaging in JAR_PACKAGINGS:
            for suffix, how in (
                ("", "build it with `package`"),
                ("-sources", "build with -Prelease (maven-source-plugin jar-no-fork)"),
                ("-javadoc", "build with -Prelease (maven-javadoc-plugin jar)"),
            ):
                jar = build_dir / f"{final_name}{suffix}.jar"
                if not jar.is_file():
                    found.append(f"{jar.name} is missing: {how}")
            main_jar = build_dir / f"{final_name}.jar"
            # A module without classes (an archetype) has sources that are resources and a Javadoc index only.
            has_java = main_jar.is_file() and holds_classes(main_jar)
            for jar in sorted(build_dir.glob(f"{final_name}*.jar")):
                checked_files += 1
                found.extend(jar_problems(jar, legal_files, has_java))
                signed_files.append(jar)
        if signed:
            # maven-gpg-plugin signs the POM as it is deployed, a copy named <artifactId>-<version>.pom.
            signed_files.append(build_dir / f"{artifact}-{version}.pom")
            for signed_file in signed_files:
                checked_files += 1
                found.extend(signature_problems(signed_file))
        problems.extend(f"{artifact}: {p}" for p in found)
    if checked_modules == 0:
        problems.append("no published module found in " + str(effective_poms))
    for problem in problems:
        print("release checklist: MISSING " + problem, file=sys.stderr)
    if problems:
        print(f"release checklist: FAILED, {len(problems)} item(s) missing", file=sys.stderr)
        return 1
    print(
        f"release checklist: OK, {checked_modules} published module(s), {checked_files} file(s)"
        + (", signatures verified" if signed else ", signatures not checked (no key)")
    )
    return 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "modules":
        print(",".join(":" + text(p, "m:artifactId") for p in projects(argv[1]) if published(p)))
        return 0
    if len(argv) >= 3 and argv[0] == "check" and set(argv[3:]) <= {"--signed"}:
        return check(Path(argv[1]), Path(argv[2]), "--signed" in argv[3:])
    print(__doc__.split("\n\nUsage: ", 1)[1].split("\nExit code")[0], file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
