#!/usr/bin/env bash
# Proves that a release is reproducible and complete. Builds the published modules (those whose
# maven.deploy.skip is not true, found in the effective POMs) twice from clean with the release
# profile, no tests: `install` with artifact:buildinfo, then `verify` again (package, and the signing
# that the release binds to verify, with a throwaway key) and artifact:compare, which fails on any
# file that differs from the first build's (the Javadoc jars included). Logs stay in
# target/reproducible/. Then ci/ReleaseChecklist.java (run by the JDK's source launcher, so Java and
# Maven are all it needs) checks what the second build left against Maven Central's checklist:
# jars, sources, Javadoc, LICENSE and NOTICE in every jar, the POM fields, and each signature
# through `gpg --verify`. Arguments are passed to every `mvn` (e.g. `-s settings.xml`, `-o`).
set -euo pipefail
cd "$(dirname "$0")/.."

logs=target/reproducible
rm -rf "$logs" && mkdir -p "$logs"
work=$(mktemp -d /tmp/junit-bench-release.XXXXXX)
trap 'gpgconf --homedir "$work/gnupg" --kill gpg-agent 2> /dev/null || true; rm -rf "$work"' EXIT

# Error Prone only reports, it never changes a class file; the verify before this ran it already.
mvn_args=(-B -Prelease -DskipTests -Dinvoker.skip -Dspotless.check.skip -Derrorprone.skip "$@")

mvn -q "${mvn_args[@]}" help:effective-pom -Doutput="$logs/effective-poms.xml" > "$logs/effective-pom.log" 2>&1 \
  || { cat "$logs/effective-pom.log"; exit 1; }
modules=$(java ci/ReleaseChecklist.java modules "$logs/effective-poms.xml")
echo "ci/reproducible.sh: published modules $modules"

# A throwaway key without a passphrase, so the signing path runs as in a release. Without GnuPG the
# builds are compared and checked unsigned, saying so.
signing=()
checked=()
if command -v gpg > /dev/null; then
  export GNUPGHOME="$work/gnupg"
  mkdir -m 700 "$GNUPGHOME"
  gpg --batch --quiet --passphrase '' --quick-gen-key 'junit-bench release check <release-check@junit-bench.invalid>' \
    ed25519 sign never 2> "$work/gpg.log" || { cat "$work/gpg.log"; exit 1; }
  key=$(gpg --batch --with-colons --list-secret-keys 2> /dev/null | awk -F: '/^fpr:/ { print $10; exit }')
  signing=(-Dgpg.keyname="$key")
  checked=(--signed)
else
  echo "ci/reproducible.sh: SKIPPED signing and its check: gpg is not installed (Debian: apt-get install gnupg)"
fi

# Each build starts from clean, or maven-jar-plugin keeps a jar that looks up to date and the two
# builds would compare one file with itself. The root's target/ (these logs) is left alone: "!.".
clean() {
  mvn "${mvn_args[@]}" -pl "$modules,!." clean > "$logs/clean.log" 2>&1 || { cat "$logs/clean.log"; exit 1; }
}

# buildinfo.ignoreJavadoc=false: the Javadoc jars are published, so they are compared too.
echo "ci/reproducible.sh: first build (install)"
clean
mvn "${mvn_args[@]}" -pl "$modules" install artifact:buildinfo -Dbuildinfo.ignoreJavadoc=false \
  > "$logs/first.log" 2>&1 || { tail -n 80 "$logs/first.log"; exit 1; }
echo "ci/reproducible.sh: second build (verify, signed with a throwaway key) compared with the first"
clean
if ! mvn "${mvn_args[@]}" -pl "$modules" verify artifact:compare -Dbuildinfo.ignoreJavadoc=false \
  "${signing[@]}" > "$logs/second.log" 2>&1; then
  grep -E 'mismatch|output summary|not activated|BUILD FAILURE|\[ERROR\] Failed' "$logs/second.log" | head -n 40
  echo "ci/reproducible.sh: the two builds differ (above, each with the diffoscope command that shows where);" \
    "target/reproducible/second.log has the whole build" >&2
  exit 1
fi
grep -E 'Reproducible Build output summary' "$logs/second.log" | sed 's/^\[INFO\] */ci\/reproducible.sh: /' || true

java ci/ReleaseChecklist.java check "$logs/effective-poms.xml" . "${checked[@]}"
