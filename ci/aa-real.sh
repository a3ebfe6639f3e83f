#!/usr/bin/env bash
# The A/A false-alarm rate of `compare` over real, separate runs: runs the shipped MiniLM-int8 benchmark
# (ONNX Runtime, CPU, batch 1, 128 tokens; eager and optimized, 1 and 2 threads: 4 scenarios) in 2 x PAIRS
# fresh JVMs one after the other, compares run 2i-1 (baseline) with run 2i, and counts the scenarios
# called regressed or improved although nothing changed. Usage: ci/aa-real.sh [PAIRS] (default 10).
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-10}
out=target/aa-real
rm -rf "$out" && mkdir -p "$out"
mvn -B -q install -DskipTests -Dinvoker.skip=true
cli=$(ls reports/target/junit-bench-reports-*-cli.jar)
for i in $(seq 1 $((2 * pairs))); do
  mvn -B -q test -pl benchmarks -Dgroups=performance -Dtest='TextEmbeddingBenchmarks#miniLmInt8' \
      -Dsurefire.failIfNoSpecifiedTests=false -Djunit.bench.devices=cpu -Djunit.bench.batch-sizes=1 \
      -Djunit.bench.progress=false -Djunit.bench.format.html=false \
      -Djunit.bench.output.dir="$PWD/$out/run$i" > "$out/run$i.log" 2>&1
  echo "run $i of $((2 * pairs)) done"
done
regressed=0; improved=0; compared=0
for i in $(seq 1 "$pairs"); do
  base=$(ls -d "$out"/run$((2 * i - 1))/run-*)
  now=$(ls -d "$out"/run$((2 * i))/run-*)
  set +e
  java -jar "$cli" compare "$base" "$now" > "$out/pair$i.txt"
  code=$?
  set -e
  [ "$code" -le 1 ] || { cat "$out/pair$i.txt"; exit "$code"; }
  line=$(head -1 "$out/pair$i.txt")
  echo "pair $i: $line"
  r=$(echo "$line" | awk '{print $1}'); m=$(echo "$line" | awk '{print $3}'); u=$(echo "$line" | awk '{print $5}')
  regressed=$((regressed + r)); improved=$((improved + m)); compared=$((compared + r + m + u))
done
echo "A/A over $pairs pairs of separate JVM runs: $regressed of $compared scenario comparisons called regressed," \
  "$improved improved (threshold 5%, alpha 0.01)"
