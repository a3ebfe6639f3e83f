#!/usr/bin/env bash
# The pull-request gate of a JMH project: runs the base's and the head's JMH benchmarks on this one machine,
# alternated (base, head, base, head, ...), each round one JMH invocation of each side writing its JSON result
# file, then compares the two sides' rounds (compare OUT_DIR/base OUT_DIR/head) and exits with compare's code.
# compare reads each side's files as rounds: each file one round, sorted by name, their forks pooled, each
# scenario judged by Welch's t-test between the JVM runs (JMH's forks) at the regression rule. Alternating on
# one machine is what makes the base a baseline: a slow period of the machine touches both sides alike.
# The gate fails closed: JMH leaves a benchmark that failed out of its result file (and, unless run with
# -foe true, goes on with the others), so a failure must not pass as a benchmark that was simply not run.
# A head's round whose command exits non-zero ends the gate with 1 (its log named); a base's, with 2 (the
# baseline cannot be measured); and a benchmark of the base missing from the head's results (compare's
# "removed" rows, its first line's "N baseline scenario(s) not run") ends it with 1, naming each one.
#
# tag::usage[]
# Usage: ci/jmh-gate.sh OUT_DIR ROUNDS -- BASE_COMMAND... --- HEAD_COMMAND...
#   OUT_DIR        receives base/round-NN.json and head/round-NN.json (one JMH result file per round), logs/
#                  (JMH's output of each round), comparison.md (the pull-request comment) and comparison.txt;
#                  it must hold no rounds yet
#   ROUNDS         rounds per side, 1 to 20; each round's forks are pooled with the others', so ROUNDS x JMH's
#                  forks (-f) should be 3 or more
#   BASE_COMMAND   the base's JMH invocation, e.g. java -jar base/target/benchmarks.jar -f 3 'MyBenchmark'
#   HEAD_COMMAND   the head's, alike; to each the script appends -rf json -rff OUT_DIR/SIDE/round-NN.json, so
#                  neither may set -rf, -rff or -o itself
# Example:
#   ci/jmh-gate.sh target/gate 2 -- java -jar base/target/benchmarks.jar -f 3 \
#     --- java -jar head/target/benchmarks.jar -f 3
# Environment:
#   JUNIT_BENCH_CLI     the command that runs junit-bench's command line, split on blanks:
#                       "java -cp CLASSPATH dev.junitbench.reports.cli.Main"; it wins over GATE_CLI_JAR
#   GATE_CLI_JAR        the junit-bench-reports -cli.jar, run with java -jar; default: the one in
#                       reports/target/ beside this script, where this repository was built
#   GATE_COMPARE_ARGS   options added to compare, split on blanks: "--threshold 10% --alpha 0.01"
# Exit codes: 0 nothing regressed and every base benchmark ran in the head (a scenario compare could not judge,
# NOT JUDGED, passes and is named; GATE_COMPARE_ARGS="--match all" fails on it), 1 a scenario regressed (compare's
# 1), or a head's round exited non-zero (its log is named), or a base benchmark is missing from the head's
# results (a benchmark that failed there), 2 bad usage, or a base's round that exited non-zero or a round that
# wrote no result file (its log is named), or compare's bad input, 3 compare's internal error.
# end::usage[]
set -euo pipefail

say() { echo "jmh-gate: $*"; }
fail() { echo "jmh-gate: $*" >&2; exit 2; }
usage="usage: ci/jmh-gate.sh OUT_DIR ROUNDS -- BASE_COMMAND... --- HEAD_COMMAND..."

[ "$#" -ge 2 ] || fail "$usage (an output folder, the rounds a side, then the two JMH invocations)"
out_arg=$1
rounds=$2
shift 2
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]] || [ "$rounds" -gt 20 ]; then
  fail "ROUNDS=$rounds is not a whole number from 1 to 20; $usage"
fi
[ "${1:-}" = -- ] || fail "$usage (the base's command follows --, the head's ---)"
shift
base_command=()
head_command=()
in_head=false
for argument in "$@"; do
  if [ "$argument" = --- ] && [ "$in_head" = false ]; then
    in_head=true
  elif [ "$in_head" = false ]; then
    base_command+=("$argument")
  else
    head_command+=("$argument")
  fi
done
[ "$in_head" = true ] || fail "no --- before the head's command; $usage"
[ "${#base_command[@]}" -gt 0 ] || fail "the base's command between -- and --- is empty; $usage"
[ "${#head_command[@]}" -gt 0 ] || fail "the head's command after --- is empty; $usage"
for argument in "${base_command[@]}" "${head_command[@]}"; do
  case $argument in
    -rf | -rff | -o | -rf=* | -rff=* | -o=*)
      fail "a command sets $argument, which the gate sets itself (-rf json -rff OUT_DIR/SIDE/round-NN.json): leave it out" ;;
  esac
done

read -r -a compare_args <<< "${GATE_COMPARE_ARGS:-}"
if [ -n "${JUNIT_BENCH_CLI:-}" ]; then
  read -r -a cli <<< "$JUNIT_BENCH_CLI"
elif [ -n "${GATE_CLI_JAR:-}" ]; then
  [ -f "$GATE_CLI_JAR" ] || fail "GATE_CLI_JAR=$GATE_CLI_JAR is not a file; give a junit-bench-reports -cli.jar"
  cli=(java -jar "$GATE_CLI_JAR")
else
  jar=$(compgen -G "$(dirname "$0")/../reports/target/junit-bench-reports-*-cli.jar" | head -n 1 || true)
  [ -n "$jar" ] || fail "no junit-bench command line: set GATE_CLI_JAR to a junit-bench-reports -cli.jar" \
    "(Maven: dependency:copy -Dartifact=dev.junitbench:junit-bench-reports:VERSION:jar:cli), or JUNIT_BENCH_CLI" \
    "to a command that runs it"
  cli=(java -jar "$jar")
fi

mkdir -p "$out_arg"
out=$(cd "$out_arg" && pwd)
for side in base head; do
  if compgen -G "$out/$side/*.json" > /dev/null; then
    fail "$out/$side already holds rounds; give an empty or new OUT_DIR (old rounds would be pooled with new ones)"
  fi
done
mkdir -p "$out/base" "$out/head" "$out/logs"

for round in $(seq 1 "$rounds"); do
  for side in base head; do
    if [ "$side" = base ]; then
      command=("${base_command[@]}")
    else
      command=("${head_command[@]}")
    fi
    file=$(printf '%s/%s/round-%02d.json' "$out" "$side" "$round")
    log=$(printf '%s/logs/%s-round-%02d.log' "$out" "$side" "$round")
    say "round $round of $rounds: $side"
    code=0
    "${command[@]}" -rf json -rff "$file" > "$log" 2>&1 || code=$?
    # Fails closed: a result file of what completed would hide the benchmark that failed.
    if [ "$code" -ne 0 ] && [ "$side" = head ]; then
      echo "jmh-gate: the head's benchmarks failed in round $round (the command exited $code): see $log; its end:" >&2
      tail -n 40 "$log" >&2
      exit 1
    fi
    if [ "$code" -ne 0 ]; then
      echo "jmh-gate: the base's command failed in round $round (it exited $code), so there is no baseline:" \
        "see $log; its end:" >&2
      tail -n 40 "$log" >&2
      exit 2
    fi
    if [ ! -s "$file" ]; then
      echo "jmh-gate: round $round of $side wrote no result file $file (the command exited $code); the end of $log:" >&2
      tail -n 40 "$log" >&2
      exit 2
    fi
  done
done

say "comparing $rounds rounds a side with ${cli[${#cli[@]}-1]}"
set +e
# The text for the job's log; the Markdown's run below reports any error once.
"${cli[@]}" compare "$out/base" "$out/head" "${compare_args[@]}" > "$out/comparison.txt" 2> /dev/null
"${cli[@]}" compare "$out/base" "$out/head" "${compare_args[@]}" --format markdown -o "$out/comparison.md" > /dev/null
code=$?
set -e
cat "$out/comparison.txt"
if [ "$code" -gt 1 ]; then
  say "compare failed with exit code $code" >&2
  exit "$code"
fi
# A base benchmark missing from the head's results: compare's first line ends "; N baseline scenario(s) not
# run", and each is a row whose verdict is "removed" in its benchmark's table (columns apart by 2 blanks).
summary=$(head -n 1 "$out/comparison.txt")
if [[ "$summary" =~ [0-9]+\ baseline\ scenarios?\ not\ run ]]; then
  not_run=${BASH_REMATCH[0]}
  missing=$(awk '
    /^[^ ]/ { benchmark = $0 }
    /^  verdict  / { columns = split($0, header, /  +/) }
    /^  removed  / {
      split($0, cell, /  +/)
      line = "  " benchmark
      for (i = 3; i <= columns && header[i] != "baseline"; i++) line = line " " header[i] "=" cell[i]
      print line
    }
  ' "$out/comparison.txt")
  [ "$code" -eq 0 ] || say "a scenario regressed ($out/comparison.md)"
  {
    echo "jmh-gate: $not_run: the base's benchmarks missing from the head's results, which JMH leaves out" \
      "when a benchmark fails (see the head's logs in $out/logs/):"
    echo "${missing:-  (see $out/comparison.txt)}"
  } >&2
  exit 1
fi
if [ "$code" -eq 0 ]; then
  say "no scenario regressed ($out/comparison.md)"
  # A scenario compare could not judge passes, as in ci/pr-gate.sh; said here, not only in the table.
  if [[ "$summary" =~ NOT\ JUDGED:\ [0-9]+(\ \([^\)]*\))? ]]; then
    say "${BASH_REMATCH[0]} passed without a verdict ($out/comparison.txt gives each one's reason);" \
      "GATE_COMPARE_ARGS=\"--match all\" fails the gate on them, benchmarks new in the head included"
  fi
elif [[ "$summary" =~ ^0\ regressed.*(NOT\ JUDGED:\ [0-9]+(\ \([^\)]*\))?),\ each\ a\ failure\ under\ --match\ all ]]; then
  # Under --match all, exit 1 without a regression (the line leads with allocation's when it
  # regressed): the scenarios compare could not judge.
  say "no scenario regressed, but ${BASH_REMATCH[1]} fail the gate under --match all" \
    "($out/comparison.txt gives each one's reason)"
elif [[ "$summary" =~ [0-9]+\ failed,\ measured\ in\ the\ baseline ]]; then
  # A benchmark missing from some of the head's rounds only: a round has no figures of it.
  say "${BASH_REMATCH[0]}: a base benchmark failed in some of the head's rounds, which JMH leaves out" \
    "of their files (see the head's logs in $out/logs/ and $out/comparison.txt)"
else
  say "a scenario regressed ($out/comparison.md)"
fi
exit "$code"
