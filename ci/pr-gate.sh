#!/usr/bin/env bash
# The pull-request gate: measures the base and the head of a change on this one machine, alternated
# (base, head, base, head, ...), each round a Maven run of its own with forked scenarios, and compares the
# two sides' rounds (compare OUT_DIR/base OUT_DIR/head), exiting with compare's code. By default it decides
# sequentially: after each round pair compare settles each scenario that it can (regressed, improved,
# unchanged, or not judged for JVMs on two levels; see compare --max-rounds), and the next round measures
# only the benchmarks that still have an undecided scenario, until none has or MAX_ROUNDS is reached.
# Alternating on one machine is what makes the base a baseline: a slow period of the machine touches
# both sides alike, where a run from days ago, or from another machine, differs by more than the change.
#
# Usage: ci/pr-gate.sh BASE_DIR HEAD_DIR OUT_DIR
#   BASE_DIR, HEAD_DIR  two checked-out source trees of the project (git worktrees of base and head)
#   OUT_DIR             receives base/run-* and head/run-* (one run folder per round), logs/, comparison.md
#                       (the pull-request comment) and comparison.txt; it must hold no rounds yet
# Environment:
#   SEQUENTIAL=true     decide round by round (true), or run ROUNDS fixed rounds and pool them (false);
#                       setting ROUNDS alone means false
#   MIN_ROUNDS          sequential: round pairs before the first decision; default the fewest giving 3 JVM
#                       runs a side (1 with FORKS=3, 2 with FORKS=2, 3 unforked)
#   MAX_ROUNDS=4        sequential: the most round pairs; at the last every scenario gets its verdict
#   ROUNDS=2            fixed rounds (SEQUENTIAL=false): rounds per side
#   FORKS=3             forks per scenario in each round (-Djunit.bench.forks); 0 measures in the test JVM,
#                       one observation per round. The rounds x max(FORKS, 1) must be 2 or more.
#   MVN=mvn             the Maven command, split on blanks: "mvn -o", "mvn -Dmaven.repo.local=/elsewhere"
#   GATE_MAVEN_ARGS     Maven arguments of each build and round, split on blanks. Default for this repository:
#                       "-Dgroups=performance -pl benchmarks -am": base and head carry the same SNAPSHOT
#                       version, so neither is installed (one would overwrite the other in the local
#                       repository); the reactor takes each tree's own modules from its own target/.
#                       A sequential round after the first selects its benchmarks with -Dtest=Class#m1+m2,...
#                       (and -Dsurefire.failIfNoSpecifiedTests=false for the other modules).
#   GATE_COMPARE_ARGS   options added to compare, split on blanks: "--threshold 10% --alpha 0.01"
#   GATE_CLI_JAR        the junit-bench-reports -cli.jar that compares; default: built from HEAD_DIR's reports
#                       module (the base may predate compare of rounds)
# Exit codes: 0 nothing regressed, 1 a scenario regressed (compare's 1), 2 bad usage, or a build or round
# that gave no run folder (its log is named), or compare's bad input, 3 compare's internal error.
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

forks=${FORKS:-3}
[[ "$forks" =~ ^[0-9]+$ ]] || fail "FORKS=$forks is not a whole number of 0 or more"
jvms_per_round=$((forks > 0 ? forks : 1))
if [ -n "${SEQUENTIAL:-}" ]; then
  sequential=$SEQUENTIAL
elif [ -n "${ROUNDS:-}" ]; then
  sequential=false
else
  sequential=true
fi
case $sequential in
  true | false) ;;
  *) fail "SEQUENTIAL=$sequential is neither true nor false; true decides round by round, false runs ROUNDS fixed rounds" ;;
esac
if [ "$sequential" = true ]; then
  [ -z "${ROUNDS:-}" ] \
    || fail "ROUNDS=$ROUNDS fixes the rounds, which SEQUENTIAL=false does; with SEQUENTIAL=true set MIN_ROUNDS and MAX_ROUNDS"
  min_rounds=${MIN_ROUNDS:-$(((3 + jvms_per_round - 1) / jvms_per_round))}
  rounds=${MAX_ROUNDS:-4}
  [[ "$min_rounds" =~ ^[1-9][0-9]*$ ]] || fail "MIN_ROUNDS=$min_rounds is not a whole number of 1 or more"
  [[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "MAX_ROUNDS=$rounds is not a whole number of 1 or more"
  if [ "$rounds" -lt "$min_rounds" ] || [ "$rounds" -gt 20 ]; then
    fail "MAX_ROUNDS=$rounds must be from MIN_ROUNDS ($min_rounds) to 20"
  fi
  rounds_name=MAX_ROUNDS
else
  for name in MIN_ROUNDS MAX_ROUNDS; do
    [ -z "${!name:-}" ] || fail "$name=${!name} is for sequential rounds; with SEQUENTIAL=false set ROUNDS"
  done
  rounds=${ROUNDS:-2}
  [[ "$rounds" =~ ^[1-9][0-9]*$ ]] || fail "ROUNDS=$rounds is not a whole number of 1 or more"
  rounds_name=ROUNDS
fi
if [ $((rounds * jvms_per_round)) -lt 2 ]; then
  fail "$rounds_name=$rounds with FORKS=$forks gives each scenario one JVM run a side, too few for a test of the spread" \
    "between JVM runs; set $rounds_name=2 or more, or FORKS=2 or more"
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

# The Maven selection of the benchmarks (class#method, one a line) in $1: -Dtest=a.B#m1+m2,c.D#m3.
selection() {
  awk -F'#' 'NF == 2 {
      if (!($1 in methods)) { order[++n] = $1; methods[$1] = $2 } else { methods[$1] = methods[$1] "+" $2 }
    }
    END { for (i = 1; i <= n; i++) printf "%s%s#%s", (i > 1 ? "," : ""), order[i], methods[order[i]] }' "$1"
}

sequential_args=()
[ "$sequential" = false ] || sequential_args=(--min-rounds "$min_rounds" --max-rounds "$rounds")
only=()
done_rounds=0
for round in $(seq 1 "$rounds"); do
  for side in base head; do
    tree=$base_tree
    [ "$side" = base ] || tree=$head_tree
    log="$out/logs/$side-round-$round.log"
    before=$(count_runs "$out/$side" || true)
    say "round $round of $([ "$sequential" = true ] && echo "at most ")$rounds: $side, $forks forks per scenario" \
      "$([ "${#only[@]}" -eq 0 ] || echo "(${only[0]#-Dtest=})")"
    code=0
    maven "$tree" "$log" "${maven_args[@]}" "${only[@]}" "-Djunit.bench.output.dir=$out/$side" \
      "-Djunit.bench.forks=$forks" -Djunit.bench.progress=false test || code=$?
    after=$(count_runs "$out/$side" || true)
    if [ "$after" -ne $((before + 1)) ]; then
      fail "round $round of $side wrote $((after - before)) run folders into $out/$side, expected one (see $log)"
    fi
    if [ "$code" -ne 0 ]; then
      # A failed benchmark is in the run folder as failed; compare counts it against the side.
      say "round $round of $side: Maven exited $code, a benchmark failed; its result is in the run folder"
    fi
  done
  done_rounds=$round
  if [ "$sequential" = true ] && [ "$round" -ge "$min_rounds" ] && [ "$round" -lt "$rounds" ]; then
    undecided="$out/logs/undecided-after-round-$round.txt"
    code=0
    java -jar "$cli" compare "$out/base" "$out/head" "${compare_args[@]}" "${sequential_args[@]}" \
      --undecided "$undecided" -o "$out/logs/compare-after-round-$round.txt" > /dev/null \
      2> "$out/logs/compare-after-round-$round.err" || code=$?
    if [ "$code" -ge 2 ]; then
      echo "pr-gate: compare after round $round failed with exit code $code:" >&2
      cat "$out/logs/compare-after-round-$round.err" >&2
      exit "$code"
    fi
    if [ ! -s "$undecided" ]; then
      say "every scenario settled after round $round of at most $rounds"
      break
    fi
    only=("-Dtest=$(selection "$undecided")" -Dsurefire.failIfNoSpecifiedTests=false)
    say "after round $round: $(wc -l < "$undecided") benchmarks with undecided scenarios measured again"
  fi
done

if [ "$sequential" = true ]; then
  say "comparing $done_rounds rounds a side, decided sequentially (at most $rounds), with $cli"
else
  say "comparing $rounds rounds a side with $cli"
fi
set +e
# The text for the job's log; the Markdown's run below reports any error once.
java -jar "$cli" compare "$out/base" "$out/head" "${compare_args[@]}" "${sequential_args[@]}" \
  > "$out/comparison.txt" 2> /dev/null
java -jar "$cli" compare "$out/base" "$out/head" "${compare_args[@]}" "${sequential_args[@]}" --format markdown \
  -o "$out/comparison.md" > /dev/null
code=$?
set -e
cat "$out/comparison.txt"
case $code in
  0) say "no scenario regressed ($out/comparison.md)" ;;
  1) say "a scenario regressed ($out/comparison.md)" ;;
  *) say "compare failed with exit code $code" >&2 ;;
esac
exit "$code"
