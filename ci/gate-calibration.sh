#!/usr/bin/env bash
# How often the regression gate calls a change where there is none, over real, separate runs, unforked and
# forked; and how often it catches a real slowdown when forked. Runs the one MiniLM-int8 scenario of
# GateCalibrationBenchmarks (ONNX Runtime, CPU, 1 thread, batch 1, 128 tokens) in separate runs of the
# JUnit Console Launcher, interleaved so a slow period of the machine touches every kind alike:
#   forked-a<i>, forked-b<i>  FORKS forks each, nothing changed       -> A/A pair i, forked
#   slow<i>                   FORKS forks, sentences of SLOW tokens   -> compared with forked-a<i>
#   plain-a<i>, plain-b<i>    measured in the JUnit JVM                -> A/A pair i, unforked
# then compares each pair with the command-line tool (the gate's own statistics) and counts verdicts.
# Usage: ci/gate-calibration.sh [PAIRS] [FORKS] [SLOW_TOKENS]   (defaults 20, 5, 140)
#        ci/gate-calibration.sh count                          (counts the verdicts of the runs there are)
# MVN overrides the Maven command (e.g. MVN="mvn -o -Dmaven.repo.local=/elsewhere"); COMPARE_ARGS adds options
# to compare when counting (e.g. COMPARE_ARGS="--threshold 0": what the p-values alone would call).
set -euo pipefail
cd "$(dirname "$0")/.."
mvn=${MVN:-mvn}
out=target/gate-calibration

count() {
  local cli kind base now code line r m u regressed improved compared
  cli=$(ls reports/target/junit-bench-reports-*-cli.jar)
  for kind in forked slow plain; do
    regressed=0; improved=0; compared=0
    for base in "$out"/${kind/slow/forked}-a*/run-*; do
      i=$(basename "$(dirname "$base")" | sed 's/.*-a//')
      case $kind in
        slow) now=$(ls -d "$out"/slow"$i"/run-* 2>/dev/null || true) ;;
        *) now=$(ls -d "$out"/"$kind"-b"$i"/run-* 2>/dev/null || true) ;;
      esac
      [ -n "$now" ] || continue
      set +e
      java -jar "$cli" compare ${COMPARE_ARGS:-} "$base" "$now" > "$out/$kind-pair$i.txt"
      code=$?
      set -e
      [ "$code" -le 1 ] || { cat "$out/$kind-pair$i.txt"; exit "$code"; }
      line=$(head -1 "$out/$kind-pair$i.txt")
      r=$(echo "$line" | awk '{print $1}'); m=$(echo "$line" | awk '{print $3}'); u=$(echo "$line" | awk '{print $5}')
      regressed=$((regressed + r)); improved=$((improved + m)); compared=$((compared + r + m + u))
    done
    echo "$kind: $regressed of $compared pairs called regressed, $improved improved"
    grep -h "test\|forks" "$out"/"$kind"-pair*.txt 2>/dev/null | head -2 || true
  done
}

if [ "${1:-}" = count ]; then
  count
  exit 0
fi
pairs=${1:-20}
forks=${2:-5}
slow=${3:-140}
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
  local name=$1 forks=$2 tokens=$3
  java -Dgate.calibration.tokens="$tokens" -jar "$launcher" execute --disable-banner --disable-ansi-colors \
      --class-path "$cp" --select-method 'dev.junitbench.benchmarks.GateCalibrationBenchmarks#miniLmInt8(dev.junitbench.Blackhole)' \
      --config junit.bench.forks="$forks" --config junit.bench.progress=false --config junit.bench.format.html=false \
      --config junit.bench.output.dir="$PWD/$out/$name" > "$out/$name.log" 2>&1 || true
  ls -d "$out/$name"/run-* > /dev/null 2>&1 || { echo "$name wrote no run folder; see $out/$name.log"; exit 1; }
}
for i in $(seq 1 "$pairs"); do
  run forked-a"$i" "$forks" 128
  run forked-b"$i" "$forks" 128
  run slow"$i" "$forks" "$slow"
  run plain-a"$i" 0 128
  run plain-b"$i" 0 128
  echo "round $i of $pairs done"
done
count
