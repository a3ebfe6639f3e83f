#!/usr/bin/env bash
# The pull-request gate: measures the base and the head of a change on this one machine, alternated
# (base, head, base, head, ...), each round a Maven run of its own with forked scenarios, then compares
# the two sides' rounds pooled (compare OUT_DIR/base OUT_DIR/head) and exits with compare's code.
# Alternating on one machine is what makes the base a baseline: a slow period of the machine touches
# both sides alike, where a run from days ago, or from another machine, differs by more than the change.
#
# Usage: ci/pr-gate.sh BASE_DIR HEAD_DIR OUT_DIR
#   BASE_DIR, HEAD_DIR  two checked-out source trees of the project (git worktrees of base and head)
#   OUT_DIR             receives base/run-* and head/run-* (one run folder per round), logs/, comparison.md
#                       (the pull-request comment) and comparison.txt; it must hold no rounds yet
# Environment:
#   ROUNDS=2            rounds per side
#   FORKS=3             forks per scenario in each round (-Djunit.bench.forks); 0 measures in the test JVM,
#                       one observation per round. ROUNDS x max(FORKS, 1) must be 2 or more.
#   MVN=mvn             the Maven command, split on blanks: "mvn -o", "mvn -Dmaven.repo.local=/elsewhere"
#   GATE_MAVEN_ARGS     Maven arguments of each build and round, split on blanks. Default for this repository:
#                       "-Dgroups=performance -pl benchmarks -am": base and head carry the same SNAPSHOT
#                       version, so neither is installed (one would overwrite the other in the local
#                       repository); the reactor takes each tree's own modules from its own target/.
#   GATE_COMPARE_ARGS   options added to compare, split on blanks: "--threshold 10% --alpha 0.01"
#   GATE_CLI_JAR        the junit-bench-reports -cli.jar that compares; default: built from HEAD_DIR's reports
#                       module (the base may predate compare of rounds)
# Exit codes: 0 nothing regressed, 1 a scenario regressed (compare's 1), 2 bad usage, or a build or round
# that gave no run folder (its log is named), 3 compare's internal error.
set -euo pipefail

say() { echo "pr-gate: $*"; }
fail() { echo "pr-gate: $*" >&2; exit 2; }

if [ "$#" -ne 3 ]; then
  fail "usage: ci/pr-gate.sh BASE_DIR HEAD_DIR OUT_DIR (two checked-out source trees and a folder for the rounds)"
fi
for tree in "$1" "$2"; do
  [ -f "$tree/pom.xml" ] || fail "$tree is not a Maven project (no pom.xml there); give two checked-out source trees"
done
base_tree=$(cd "$1" && pwd)
head_tree=$(cd "$2" && pwd)
[ "$base_tree" != "$head_tree" ] || fail "BASE_DIR and HEAD_DIR are both $base_tree; check out base and head as two trees"

rounds=${ROUNDS:-2}
forks=${FORKS:-3}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS=$rounds is not a whole number of 1 or more"
[[ "$forks" =~ ^[0-9]+$ ]] || fail "FORKS=$forks is not a whole number of 0 or more"
if [ $((rounds * (forks > 0 ? forks : 1))) -lt 2 ]; then
  fail "ROUNDS=$rounds with FORKS=$forks gives each scenario one JVM run a side, too few for a test of the spread" \
    "between JVM runs; set ROUNDS=2 or more, or FORKS=2 or more"
fi
read -r -a mvn <<< "${MVN:-mvn}"
read -r -a maven_args <<< "${GATE_MAVEN_ARGS--Dgroups=performance -pl benchmarks -am}"
read -r -a compare_args <<< "${GATE_COMPARE_ARGS:-}"

mkdir -p "$3"
out=$(cd "$3" && pwd)
for side in base head; do
  if compgen -G "$out/$side/run-*" > /dev/null; then
    fail "$out/$side already holds rounds; give an empty or new OUT_DIR (old rounds would be pooled with new ones)"
  fi
done
mkdir -p "$out/logs"

# Runs Maven in a tree, its output into a log; on failure names the log and shows its end.
maven() {
  local tree=$1 log=$2
  shift 2
  local code=0
  (cd "$tree" && "${mvn[@]}" -B "$@") > "$log" 2>&1 || code=$?
  [ "$code" -ne 0 ] || return 0
  echo "pr-gate: Maven exited $code in $tree; the end of $log:" >&2
  tail -n 40 "$log" >&2
  return "$code"
}

if [ -n "${GATE_CLI_JAR:-}" ]; then
  [ -f "$GATE_CLI_JAR" ] || fail "GATE_CLI_JAR=$GATE_CLI_JAR is not a file; give a junit-bench-reports -cli.jar"
  cli=$GATE_CLI_JAR
else
  [ -f "$head_tree/reports/pom.xml" ] \
    || fail "$head_tree has no reports module to build compare from; set GATE_CLI_JAR to a junit-bench-reports -cli.jar"
  say "building compare from $head_tree/reports"
  maven "$head_tree" "$out/logs/cli-build.log" -pl reports -am -DskipTests -Dinvoker.skip=true package \
    || fail "compare could not be built (see $out/logs/cli-build.log); set GATE_CLI_JAR to use a built one"
  cli=$(compgen -G "$head_tree/reports/target/junit-bench-reports-*-cli.jar" | head -n 1 || true)
  [ -n "$cli" ] || fail "building $head_tree/reports left no junit-bench-reports-*-cli.jar in its target/"
fi

# Both trees are compiled before the first round, so no round measures beside a compiler.
for side in base head; do
  tree=$base_tree
  [ "$side" = base ] || tree=$head_tree
  say "building $side ($tree)"
  maven "$tree" "$out/logs/$side-build.log" "${maven_args[@]}" -DskipTests test-compile \
    || fail "the $side tree does not build (see $out/logs/$side-build.log)"
done

count_runs() { compgen -G "$1/run-*" | wc -l; }

for round in $(seq 1 "$rounds"); do
  for side in base head; do
    tree=$base_tree
    [ "$side" = base ] || tree=$head_tree
    log="$out/logs/$side-round-$round.log"
    before=$(count_runs "$out/$side" || true)
    say "round $round of $rounds: $side, $forks forks per scenario"
    code=0
    maven "$tree" "$log" "${maven_args[@]}" "-Djunit.bench.output.dir=$out/$side" "-Djunit.bench.forks=$forks" \
      -Djunit.bench.progress=false test || code=$?
    after=$(count_runs "$out/$side" || true)
    if [ "$after" -ne $((before + 1)) ]; then
      fail "round $round of $side wrote $((after - before)) run folders into $out/$side, expected one (see $log)"
    fi
    if [ "$code" -ne 0 ]; then
      # A failed benchmark is in the run folder as failed; compare counts it against the side.
      say "round $round of $side: Maven exited $code, a benchmark failed; its result is in the run folder"
    fi
  done
done

say "comparing $rounds rounds a side with $cli"
set +e
# The text for the job's log; the Markdown's run below reports any error once.
java -jar "$cli" compare "$out/base" "$out/head" "${compare_args[@]}" > "$out/comparison.txt" 2> /dev/null
java -jar "$cli" compare "$out/base" "$out/head" "${compare_args[@]}" --format markdown -o "$out/comparison.md" \
  > /dev/null
code=$?
set -e
cat "$out/comparison.txt"
case $code in
  0) say "no scenario regressed ($out/comparison.md)" ;;
  1) say "a scenario regressed ($out/comparison.md)" ;;
  *) say "compare failed with exit code $code" >&2 ;;
esac
exit "$code"
