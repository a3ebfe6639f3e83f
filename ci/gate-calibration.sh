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
