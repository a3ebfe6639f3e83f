#!/usr/bin/env bash
# The history of the default branch: merges the run folders that the machines of a CI matrix measured
# into one run set (each run under its machine's label), imports the set into the shared history store,
# and checks the store for a regression. Without a store (JUNIT_BENCH_HISTORY_URL unset or empty, as in a
# repository without that secret) it merges, says that import and check are skipped, and exits 0.
#
# Usage: ci/history.sh MACHINES_DIR [MERGED_DIR]
#   MACHINES_DIR  one folder per machine, named by its label, holding that machine's one run folder, as
#                 actions/download-artifact leaves a run's artifacts: MACHINES_DIR/linux-x64/run-<time>-<id>/
#                 (a label folder that is itself a run folder, holding results.json, is taken as it is)
#   MERGED_DIR    where merge writes the run set; default: merged
# Environment:
#   JUNIT_BENCH_HISTORY_URL       the store: jdbc:postgresql://host:5432/bench; unset or empty: no import, no check
#   JUNIT_BENCH_HISTORY_USER      the store's user and password, read by the command line itself from the
#   JUNIT_BENCH_HISTORY_PASSWORD  environment, so they never appear on a command line
#   HISTORY_CLI_JAR               the junit-bench-reports -cli.jar; default: the one in reports/target/
#   HISTORY_CHECK_WITHIN          a regression counts when its change point or SUSPECTED step begins among a
#                                 series's newest N runs (10)
# Exit codes: 0 merged (imported and checked when there is a store: no regression; also when history check could
# judge no series yet, exit 4, which is a warning: a new store or host has too few runs), 1 history check found a
# regression, 2 bad input (the message says which machine or file), others: the failing command's.
set -euo pipefail

say() { echo "history: $*"; }
fail() { echo "history: $*" >&2; exit 2; }
# A warning: an annotation of the run on GitHub Actions, a line on stderr elsewhere.
warn() {
  if [ "${GITHUB_ACTIONS:-}" = true ]; then
    echo "::warning title=history check NOT JUDGED::history: $*"
  else
    echo "history: WARNING: $*" >&2
  fi
}

if [ "$#" -lt 1 ] || [ "$#" -gt 2 ]; then
  fail "usage: ci/history.sh MACHINES_DIR [MERGED_DIR] (one folder per machine label, each with its run folder)"
fi
machines=$1
merged=${2:-merged}
[ -d "$machines" ] || fail "$machines is not a folder; give the folder that holds one folder per machine"

if [ -n "${HISTORY_CLI_JAR:-}" ]; then
  cli=$HISTORY_CLI_JAR
else
  cli=$(compgen -G "$(dirname "$0")/../reports/target/junit-bench-reports-*-cli.jar" | head -n 1 || true)
  [ -n "$cli" ] || fail "no reports/target/junit-bench-reports-*-cli.jar; build it first (mvn -B -pl reports -am" \
    "-DskipTests package) or set HISTORY_CLI_JAR"
fi
[ -f "$cli" ] || fail "$cli is not a file; set HISTORY_CLI_JAR to a junit-bench-reports -cli.jar"

pairs=()
for dir in "$machines"/*/; do
  [ -d "$dir" ] || continue
  dir=${dir%/}
  label=$(basename "$dir")
  case $label in
    *=* | -*) fail "machine folder '$label' cannot be a label (no '=', no leading '-'); rename the matrix label" ;;
  esac
  if [ -f "$dir/results.json" ]; then
    run=$dir
  else
    runs=()
    for candidate in "$dir"/run-*/; do
      [ -d "$candidate" ] && runs+=("${candidate%/}")
    done
    if [ "${#runs[@]}" -eq 0 ]; then
      fail "$dir holds no run folder (run-*): the benchmarks of machine '$label' wrote none; see that job's log"
    fi
    if [ "${#runs[@]}" -gt 1 ]; then
      fail "$dir holds ${#runs[@]} run folders; a machine gives one run per commit: upload only that run's folder"
    fi
    run=${runs[0]}
  fi
  say "machine $label: $run"
  pairs+=("$label=$run")
done
[ "${#pairs[@]}" -gt 0 ] || fail "$machines holds no machine folder; download the machines' artifacts into it"

java -jar "$cli" merge "${pairs[@]}" -o "$merged"
say "merged ${#pairs[@]} machines into $merged"

if [ -z "${JUNIT_BENCH_HISTORY_URL:-}" ]; then
  say "SKIPPED import and check: JUNIT_BENCH_HISTORY_URL is not set (the repository secret of the history store," \
    "see ci/README.md); the merged runs are in $merged"
  exit 0
fi
# The user and password reach the command line through the environment it reads, never as arguments.
java -jar "$cli" history import "$merged" --db "$JUNIT_BENCH_HISTORY_URL"
code=0
# A SUSPECTED step shows once 2 runs follow it, a change point once 4 do; counting only those among the newest
# HISTORY_CHECK_WITHIN runs fails the pushes that show a new slowdown, not every push after one that was accepted.
java -jar "$cli" history check --within "${HISTORY_CHECK_WITHIN:-10}" --db "$JUNIT_BENCH_HISTORY_URL" || code=$?
case $code in
  0) say "no regression in the history" ;;
  1) say "history check found a regression" ;;
  4)
    # Exit 4 is NOT JUDGED: no series has the runs to be judged yet. A new store or host must not fail the build
    # until it has a history; the check's first line, above, says how many runs there are and how many are needed.
    warn "history check judged no series yet (NOT JUDGED, exit 4): too few runs in the store; not failing"
    code=0
    ;;
  *) say "history check failed with exit code $code" >&2 ;;
esac
exit "$code"
