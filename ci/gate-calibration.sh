#!/usr/bin/env bash
# How often the regression gate inside JUnit calls a change where there is none, and how often it catches a
# real one, over real, separate runs judged the way a user's build judges them: through
# -Djunit.bench.baseline, with the defaults (no fork count set, so each scenario the baseline has forks the
# default count against the JVMs its baseline was measured in).
#
# The protocol, fixed before the run and run once:
#   scenarios  GateCalibrationBenchmarks: MiniLM-int8 on ONNX Runtime, CPU, batch 1, 128 real tokens, one
#              intra-op thread (miniLmInt8) and two (miniLmInt8TwoThreads); 20 warm-up and 100 measured
#              iterations in each JVM.
#   pair i     base<i>  both scenarios, no baseline, defaults: one JVM, as a main branch's run is made;
#              aa<i>    both scenarios, -Djunit.bench.baseline=base<i>, defaults, nothing changed: A/A;
#              slow<i>  the one-thread scenario, -Djunit.bench.baseline=base<i>, defaults, sentences of
#                       SLOW_TOKENS tokens in place of 128 (a real slowdown, about +10% at 140);
#              the three runs of a pair one after the other, pairs one after another, each run a Console
#              Launcher JVM of its own.
#   verdicts   each scenario's gate verdict as the gated run printed it (regressed, improved, unchanged,
#              not judged); counted per kind, with Clopper-Pearson 95% intervals of the rates.
#   targets    A/A: at most 1 false regression in 20 pairs per scenario; 10% slower: caught as often as
#              simulation predicts for alike JVMs judged by the default forks' spread (10 forks: about 5%
#              at 5% between-JVM CV, 87% at the 1.4% measured here for one thread; the run in docs/design/compare-confidence.adoc used
#              9, the default then).
# Usage: ci/gate-calibration.sh [PAIRS] [SLOW_TOKENS]   (defaults 20, 140)
#        ci/gate-calibration.sh count                   (counts the verdicts of the runs there are)
#
# The pull-request gate's rounds, sequential against fixed (ci/pr-gate.sh), the protocol fixed before the run:
#   scenario   GateCalibrationBenchmarks.miniLmInt8 alone (one intra-op thread), selected with -Dtest, through
#              ci/pr-gate.sh with its defaults otherwise (3 forks a round; sequential: MIN_ROUNDS 1, MAX_ROUNDS 4;
#              fixed: SEQUENTIAL=false, 2 rounds), compare from this tree's reports module (built once).
#   trees      three git worktrees of HEAD under target/gate-calibration/pr-gate/trees: base, same (A/A), and
#              slow, whose scenario reads SLOW_TOKENS tokens in place of 128 unless told otherwise (a real
#              slowdown, about +10% at 140), made by changing that one default in the worktree.
#   pair i     four gates, each a whole ci/pr-gate.sh run into an OUT_DIR of its own: A/A sequential, A/A fixed,
#              slowdown sequential, slowdown fixed; odd pairs in that order, even pairs with fixed before
#              sequential, so a slow hour of the machine falls on both designs.
#   measured   each gate's verdict on the scenario (from comparison.txt's first line), its exit code, its wall
#              time from start to verdict (the builds included, as a pull request waits for them), and the
#              rounds a side it ran.
#              The rounds' time runs from the end of the head's build (the two builds, alike for both
#              designs, come first) to the verdict.
#   reported   per kind and design: verdicts counted, regressions with Clopper-Pearson 95% intervals, the
#              mean time of the rounds to a verdict, the whole gate's mean and median, and the mean rounds;
#              then the mean time of the rounds over every gate of each design, sequential as a share of fixed.
#   targets    A/A: at most 1 false regression in 20 pairs for either design, sequential no more than fixed;
#              slowdown: sequential catches at least as many as fixed (simulation: both near 100% at the 1.2%
#              to 1.4% CV this scenario shows); time: on the A/A pairs (unchanged code, what most pull
#              requests are) sequential's rounds take at most 70% of fixed's on the mean (simulation: 3.70
#              against 6 JVM runs a side), on the slowdown pairs no more than fixed's plus 10% (simulation:
#              6.03 against 6: a real slowdown passes the O'Brien-Fleming-type boundary at round 2, as the
#              fixed rounds decide); the mean over every gate of a design is reported beside.
#   cost       about 80 gate runs for 20 pairs, each two builds and 1 to 4 round pairs: hours on 2 cores. A
#              calibration cut short resumes with pr-gate-resume from the same commit: the gates that
#              finished stay, one cut short is run again from its start.
# Usage: ci/gate-calibration.sh pr-gate [PAIRS] [SLOW_TOKENS]   (defaults 20, 140)
#        ci/gate-calibration.sh pr-gate-resume                  (goes on with the calibration there is)
#        ci/gate-calibration.sh pr-gate-count                   (counts the gates there are)
#
# How the JVM runs of the rounds spread, within a round and between rounds (the level the forks of one
# Maven run share, which the test between JVM runs takes for independent): GATES A/A gates (default 2) of
# the same scenario, SEQUENTIAL=false ROUNDS=4, 3 forks a round, into target/gate-calibration/pr-gate-spread,
# then ci/RoundSpread.java on their rounds (a one-way analysis of variance of the fork medians' logs).
# Usage: ci/gate-calibration.sh pr-gate-spread [GATES]          (about 2 minutes a gate)
#        ci/gate-calibration.sh pr-gate-spread-count            (the figures of the gates there are)
# MVN overrides the Maven command (e.g. MVN="mvn -o").
set -euo pipefail
cd "$(dirname "$0")/.."
mvn=${MVN:-mvn}
out=target/gate-calibration
one='GateCalibrationBenchmarks.miniLmInt8 ['
two='GateCalibrationBenchmarks.miniLmInt8TwoThreads ['

# The verdict of a scenario in a gated run's log: the words after "; gate: " or "; FAILED: " on its line.
verdict() {
  local log=$1 scenario=$2 line
  line=$(grep -F "junit-bench: $scenario" "$log" | tail -1 || true)
  case $line in
    *"; gate: regressed"* | *"; FAILED: regressed"*) echo regressed ;;
    *"; gate: improved"*) echo improved ;;
    *"; gate: unchanged"*) echo unchanged ;;
    *"; gate: not judged"* | *"; FAILED: not judged"*) echo "not-judged" ;;
    *) echo "none" ;;
  esac
}

# Clopper-Pearson 95% interval of k successes in n trials, in percent, by bisection on the binomial tails.
interval() {
  awk -v k="$1" -v n="$2" '
    function cdf(x, p,   i, t, s) { s = 0; t = (1 - p) ^ n; for (i = 0; i <= x; i++) { s += t; t *= (n - i) / (i + 1) * p / (1 - p) } return s }
    function bisect(target, upper,   lo, hi, mid, i, v) {
      lo = 0; hi = 1
      for (i = 0; i < 60; i++) {
        mid = (lo + hi) / 2
        v = upper ? cdf(k, mid) : 1 - cdf(k - 1, mid)
        if ((upper && v > target) || (!upper && v < target)) lo = mid; else hi = mid
      }
      return mid
    }
    BEGIN {
      low = k == 0 ? 0 : bisect(0.025, 0); high = k == n ? 1 : bisect(0.025, 1)
      printf "%.1f%% (95%% CI %.1f%% to %.1f%%)", 100 * k / n, 100 * low, 100 * high
    }'
}

tally() {
  local kind=$1 scenario=$2 n=0 regressed=0 improved=0 unchanged=0 judged=0 other=0 v log
  for log in "$out"/"$kind"*.log; do
    [ -e "$log" ] || continue
    v=$(verdict "$log" "$scenario")
    n=$((n + 1))
    case $v in
      regressed) regressed=$((regressed + 1)) ;;
      improved) improved=$((improved + 1)) ;;
      unchanged) unchanged=$((unchanged + 1)) ;;
      not-judged) judged=$((judged + 1)) ;;
      *) other=$((other + 1)) ;;
    esac
  done
  [ "$n" -gt 0 ] || return 0
  echo "$kind ${scenario%% \[}: $n pairs: regressed $(interval "$regressed" "$n"), improved $improved," \
    "unchanged $unchanged, not judged $judged$([ "$other" -eq 0 ] || echo ", no verdict $other")"
}

count() {
  tally aa "$one"
  tally aa "$two"
  tally slow "$one"
  grep -h -o 'gate: [a-z ]*([^)]*JVMs bimodal[^)]*)' "$out"/aa*.log "$out"/slow*.log 2>/dev/null | sort | uniq -c || true
  grep -h -o '([a-z-]*, [0-9]* vs [0-9]* [A-Za-z]*)' "$out"/aa*.log "$out"/slow*.log 2>/dev/null | sort | uniq -c || true
}

if [ "${1:-}" = count ]; then
  count
  exit 0
fi

gates=$out/pr-gate

# One gate's verdict on its only scenario, from the first line of its comparison.txt.
gate_verdict() {
  local first
  first=$(head -n 1 "$1/comparison.txt" 2> /dev/null || true)
  case $first in
    "1 regressed,"*) echo regressed ;;
    "0 regressed, 1 improved,"*) echo improved ;;
    "0 regressed, 0 improved, 1 unchanged"*) echo unchanged ;;
    "0 regressed, 0 improved, 0 unchanged"*) echo "not-judged" ;;
    *) echo none ;;
  esac
}

# The kind (aa, slow) and design (sequential, fixed) of the gates there are, counted.
gate_tally() {
  local kind=$1 design=$2 n=0 regressed=0 improved=0 unchanged=0 judged=0 other=0 rounds=0 dir
  local times=() round_times=()
  for dir in "$gates/$kind"[0-9]*"-$design"; do
    [ -f "$dir/seconds" ] || continue
    n=$((n + 1))
    case $(gate_verdict "$dir") in
      regressed) regressed=$((regressed + 1)) ;;
      improved) improved=$((improved + 1)) ;;
      unchanged) unchanged=$((unchanged + 1)) ;;
      not-judged) judged=$((judged + 1)) ;;
      *) other=$((other + 1)) ;;
    esac
    rounds=$((rounds + $({ compgen -G "$dir/base/run-*" || true; } | wc -l)))
    times+=("$(cat "$dir/seconds")")
    [ ! -f "$dir/round-seconds" ] || round_times+=("$(cat "$dir/round-seconds")")
  done
  [ "$n" -gt 0 ] || return 0
  local median mean round_mean="none"
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{ v[NR] = $1 } END { print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }')
  mean=$(printf '%s\n' "${times[@]}" | awk '{ s += $1 } END { printf "%.0f", s / NR }')
  [ "${#round_times[@]}" -eq 0 ] \
    || round_mean="$(printf '%s\n' "${round_times[@]}" | awk '{ s += $1 } END { printf "%.0f", s / NR }') s"
  echo "$kind $design: $n gates: regressed $(interval "$regressed" "$n"), improved $improved, unchanged $unchanged," \
    "not judged $judged$([ "$other" -eq 0 ] || echo ", no verdict $other"); rounds to a verdict: mean ${round_mean};" \
    "whole gate: mean ${mean} s, median ${median} s; $(awk -v r="$rounds" -v n="$n" 'BEGIN { printf "%.2f", r / n }') rounds a side"
}

gate_count() {
  gate_tally aa sequential
  gate_tally aa fixed
  gate_tally slow sequential
  gate_tally slow fixed
  local kind sequential fixed
  for kind in aa slow ""; do
    sequential=$({ cat "$gates/$kind"*-sequential/round-seconds 2> /dev/null || true; } | awk '{ s += $1 } END { if (NR) printf "%.1f", s / NR }')
    fixed=$({ cat "$gates/$kind"*-fixed/round-seconds 2> /dev/null || true; } | awk '{ s += $1 } END { if (NR) printf "%.1f", s / NR }')
    if [ -n "$sequential" ] && [ -n "$fixed" ]; then
      echo "rounds to a verdict, $(case $kind in aa) echo A/A ;; slow) echo slowdown ;; *) echo all ;; esac) gates:" \
        "sequential mean $sequential s," \
        "fixed $fixed s, $(awk -v a="$sequential" -v b="$fixed" 'BEGIN { printf "%.0f%%", 100 * a / b }') of fixed's"
    fi
  done
}

spread=$out/pr-gate-spread
if [ "${1:-}" = pr-gate-spread ]; then
  gates_wanted=${2:-2}
  [[ "$gates_wanted" =~ ^[1-9][0-9]*$ ]] || { echo "GATES=$gates_wanted is not a whole number of 1 or more" >&2; exit 2; }
  rm -rf "$spread" && git worktree prune && mkdir -p "$spread/trees"
  $mvn -B -q -pl reports -am package -DskipTests -Dinvoker.skip=true
  cli=$(compgen -G "$PWD/reports/target/junit-bench-reports-*-cli.jar" | head -n 1)
  for tree in base same; do
    git worktree add -q --detach "$spread/trees/$tree" HEAD
  done
  for i in $(seq 1 "$gates_wanted"); do
    SEQUENTIAL=false ROUNDS=4 GATE_CLI_JAR="$cli" MVN="$mvn" \
      GATE_MAVEN_ARGS="-Dgroups=performance -pl benchmarks -am -Dtest=GateCalibrationBenchmarks#miniLmInt8 -Dsurefire.failIfNoSpecifiedTests=false" \
      ci/pr-gate.sh "$spread/trees/base" "$spread/trees/same" "$spread/gate$i" > "$spread/gate$i.log" 2>&1 \
      || code=$?
    # A verdict of regressed (1) still leaves its rounds; a gate that measured nothing (2, 3) does not.
    [ "${code:-0}" -le 1 ] || { echo "gate $i ended with exit code $code; see $spread/gate$i.log" >&2; exit 2; }
    code=0
    echo "gate $i of $gates_wanted done"
  done
  for tree in base same; do
    git worktree remove --force "$spread/trees/$tree"
  done
fi
if [ "${1:-}" = pr-gate-spread ] || [ "${1:-}" = pr-gate-spread-count ]; then
  dirs=()
  for dir in "$spread"/gate[0-9]*; do
    [ ! -d "$dir" ] || dirs+=("$dir")
  done
  [ "${#dirs[@]}" -gt 0 ] || { echo "no gates in $spread; run: ci/gate-calibration.sh pr-gate-spread" >&2; exit 2; }
  exec java ci/RoundSpread.java "${dirs[@]}"
fi

if [ "${1:-}" = pr-gate-count ]; then
  gate_count
  exit 0
fi

if [ "${1:-}" = pr-gate ] || [ "${1:-}" = pr-gate-resume ]; then
  if [ "$1" = pr-gate ]; then
    pairs=${2:-20}
    slow=${3:-140}
    [[ "$pairs" =~ ^[1-9][0-9]*$ ]] || { echo "PAIRS=$pairs is not a whole number of 1 or more" >&2; exit 2; }
    [[ "$slow" =~ ^[1-9][0-9]*$ ]] || { echo "SLOW_TOKENS=$slow is not a whole number of 1 or more" >&2; exit 2; }
    # A run cut short leaves its worktrees registered: forget those whose folders are gone.
    rm -rf "$gates" && git worktree prune && mkdir -p "$gates/trees"
    git rev-parse HEAD > "$gates/commit"
    echo "$pairs $slow" > "$gates/protocol"
  else
    [ -f "$gates/protocol" ] && [ -f "$gates/commit" ] \
      || { echo "no pr-gate calibration to resume in $gates; start one with: ci/gate-calibration.sh pr-gate" >&2; exit 2; }
    read -r pairs slow < "$gates/protocol"
    [ "$(git rev-parse HEAD)" = "$(cat "$gates/commit")" ] \
      || { echo "the calibration in $gates started at $(cat "$gates/commit"); resume it from a checkout of that commit" >&2; exit 2; }
    # A gate cut short is run again from its start; the gates that finished stay.
    for dir in "$gates"/*-sequential "$gates"/*-fixed; do
      [ ! -d "$dir" ] || [ -f "$dir/seconds" ] || rm -rf "$dir" "$dir.log"
    done
    git worktree prune
    echo "resuming: $(compgen -G "$gates/*/seconds" | wc -l) of $((4 * pairs)) gates done"
  fi
  $mvn -B -q -pl reports -am package -DskipTests -Dinvoker.skip=true
  cli=$(compgen -G "$PWD/reports/target/junit-bench-reports-*-cli.jar" | head -n 1)
  for tree in base same slow; do
    # A tree a cut-short run left half-made is made again.
    if [ "$(git -C "$gates/trees/$tree" rev-parse HEAD 2> /dev/null || true)" != "$(cat "$gates/commit")" ]; then
      rm -rf "${gates:?}/trees/$tree" && git worktree prune
      git worktree add -q --detach "$gates/trees/$tree" "$(cat "$gates/commit")"
    fi
  done
  source_file=benchmarks/src/test/java/dev/junitbench/benchmarks/GateCalibrationBenchmarks.java
  sed -i "s/Integer.getInteger(TOKENS, MiniLmSession.SEQUENCE_LENGTH)/Integer.getInteger(TOKENS, $slow)/" \
    "$gates/trees/slow/$source_file"
  grep -q "Integer.getInteger(TOKENS, $slow)" "$gates/trees/slow/$source_file" \
    || { echo "the slow tree's $source_file no longer reads its tokens as this script expects; update the script" >&2; exit 2; }
  gate() {
    local name=$1 head=$2 design=$3 start end code=0
    [ ! -f "$gates/$name-$design/seconds" ] || return 0
    start=$(date +%s)
    SEQUENTIAL=$([ "$design" = sequential ] && echo true || echo false) GATE_CLI_JAR="$cli" MVN="$mvn" \
      GATE_MAVEN_ARGS="-Dgroups=performance -pl benchmarks -am -Dtest=GateCalibrationBenchmarks#miniLmInt8 -Dsurefire.failIfNoSpecifiedTests=false" \
      ci/pr-gate.sh "$gates/trees/base" "$gates/trees/$head" "$gates/$name-$design" > "$gates/$name-$design.log" 2>&1 \
      || code=$?
    end=$(date +%s)
    echo "$code" > "$gates/$name-$design/exit-code"
    # The rounds begin when the head's build ends (its log's last write); a gate that did not get
    # that far has no rounds' time.
    if [ -f "$gates/$name-$design/logs/head-build.log" ]; then
      echo $((end - $(stat -c %Y "$gates/$name-$design/logs/head-build.log"))) > "$gates/$name-$design/round-seconds"
    fi
    echo $((end - start)) > "$gates/$name-$design/seconds"
  }
  start=$(date +%s)
  for i in $(seq 1 "$pairs"); do
    designs=(sequential fixed)
    [ $((i % 2)) -eq 1 ] || designs=(fixed sequential)
    for kind in aa slow; do
      for design in "${designs[@]}"; do
        gate "$kind$i" "$([ "$kind" = aa ] && echo same || echo slow)" "$design"
      done
    done
    echo "pair $i of $pairs done ($(($(date +%s) - start)) s)"
  done
  for tree in base same slow; do
    git worktree remove --force "$gates/trees/$tree"
  done
  gate_count
  exit 0
fi
pairs=${1:-20}
slow=${2:-140}
rm -rf "$out" && mkdir -p "$out"
$mvn -B -q install -DskipTests -Dinvoker.skip=true
# Each run is the Console Launcher in a JVM of its own, as a user's CI step would run it: no build tool's
# start-up per run. The class path is the benchmarks' test class path without the JUnit Platform jars,
# which the launcher brings.
launcher=junit-bench-extension/target/console-launcher/junit-platform-console-standalone.jar
$mvn -B -q -pl benchmarks dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$PWD/$out/cp.txt"
cp="$PWD/benchmarks/target/test-classes:$PWD/benchmarks/target/classes:$(tr ':' '\n' < "$out/cp.txt" \
  | grep -v -e /org/junit/ -e /opentest4j/ -e /apiguardian/ | paste -sd:)"
export ORT_DISABLE_TELEMETRY=1
run() {
  local name=$1 tokens=$2 baseline=$3
  shift 3
  local selectors=()
  for method in "$@"; do
    selectors+=(--select-method "dev.junitbench.benchmarks.GateCalibrationBenchmarks#$method(dev.junitbench.Blackhole)")
  done
  local gate=()
  [ -z "$baseline" ] || gate=(--config junit.bench.baseline="$baseline")
  java -Dgate.calibration.tokens="$tokens" -jar "$launcher" execute --disable-banner --disable-ansi-colors \
      --class-path "$cp" "${selectors[@]}" "${gate[@]}" \
      --config junit.bench.progress=false --config junit.bench.format.html=false \
      --config junit.bench.output.dir="$PWD/$out/$name" > "$out/$name.log" 2>&1 || true
  ls -d "$out/$name"/run-* > /dev/null 2>&1 || { echo "$name wrote no run folder; see $out/$name.log"; exit 1; }
}
start=$(date +%s)
for i in $(seq 1 "$pairs"); do
  run base"$i" 128 "" miniLmInt8 miniLmInt8TwoThreads
  base=$(ls -d "$PWD/$out/base$i"/run-*)
  run aa"$i" 128 "$base" miniLmInt8 miniLmInt8TwoThreads
  run slow"$i" "$slow" "$base" miniLmInt8
  echo "pair $i of $pairs done ($(( $(date +%s) - start )) s)"
done
count
