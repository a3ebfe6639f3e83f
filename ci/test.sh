#!/usr/bin/env bash
# The project's test command (the README's, and what CI runs): installs and starts what the tests need
# and is missing, then runs every test with Maven. Debian's Chromium and ChromeDriver drive the HTML
# report's browser test; Debian's PostgreSQL, started on loopback, holds the history store's
# integration tests. Where one cannot be installed (no root, no apt-get, no network) its tests are
# skipped with the reason, and everything else still runs.
set -euo pipefail
cd "$(dirname "$0")/.."

chromium=/usr/bin/chromium
chromedriver=/usr/bin/chromedriver
if [ ! -x "$chromium" ] || [ ! -x "$chromedriver" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    echo "ci/test.sh: installing Debian's chromium and chromium-driver for the browser test of the HTML report"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends chromium chromium-driver > /tmp/junit-bench-apt.log 2>&1 \
      || { apt-get update -q > /tmp/junit-bench-apt.log 2>&1 \
           && apt-get install -y -q --no-install-recommends chromium chromium-driver >> /tmp/junit-bench-apt.log 2>&1; } \
      || echo "ci/test.sh: could not install Chromium (see /tmp/junit-bench-apt.log); the browser test will be skipped"
  else
    echo "ci/test.sh: Chromium is missing and this user cannot install it (needs root and apt-get);" \
      "the browser test will be skipped"
  fi
fi

# PostgreSQL on loopback for the history store's tests; where none can be had, they are skipped with the reason.
eval "$(ci/postgres.sh)"
# The workflow in ci/github, through a real linter (from the npm registry; skipped with the reason where it cannot be had).
ci/lint-workflow.sh
# The arithmetic of the rounds' spread (ci/gate-calibration.sh pr-gate-spread) against known figures.
java ci/RoundSpread.java --check

# Error Prone's warning-level checks do not fail javac: the build is kept free of them here, so a new
# one fails the test command (fix it, or suppress it where it is deliberate, saying why).
log=$(mktemp /tmp/junit-bench-verify.XXXXXX)
mvn -B verify "$@" 2>&1 | tee "$log"
if grep -E '^\[WARNING\] .*\.java:\[[0-9]+,[0-9]+\] \[[A-Z][A-Za-z0-9]+\] ' "$log"; then
  echo "ci/test.sh: Error Prone warns (above): fix each, or suppress it where it is deliberate, with the reason" >&2
  exit 1
fi
rm -f "$log"

# The release, proven on every run: the published modules built twice from clean with the release profile
# must be byte-identical (artifact:compare), and hold what Maven Central requires (ci/ReleaseChecklist.java), signed
# with a throwaway key. About a minute and a half on 2 cores.
ci/reproducible.sh "$@"
