#!/usr/bin/env bash
# The warm-up study: how accurate and how fast each way of warming up and forking is, on the eight
# scenarios of WarmupStudyBenchmarks (MiniLM-int8 batch 1 and 8 with 1 and 2 threads, ResNet-50 batch 1,
# the distilgpt2 generation, a JIT-sensitive plain-Java benchmark, one that never settles), on this machine.
#
# The protocol, fixed before the run (unforked-steady excepted: it was added after the first repetition
# of the 2026-11-27 study had begun, as the user guide's account of that study says):
#   reference   once: 5 forks, a fixed 30 s warm-up and 20 s of measurement in each
#   unforked    REPS times: today's defaults, unforked (3 iterations and 1 s of warm-up, 10 and 3 s measured)
#   unforked-steady  REPS times: unforked, warm-up until steady (what the default would become)
#   fixed5      REPS times: 5 forks with today's warm-up
#   steady      REPS times: warm-up until steady, adaptive forks (junit.bench.forks=auto)
#   jmh         REPS times, on jitSensitive only: JMH's defaults, 5 forks x (5 x 10 s warm-up + 5 x 10 s measured)
#   each run a Maven run of its own, one after the other; a case is a scenario of a run; it is accurate when
#   its reported median (the centre of its forks, or its median unforked) lies within the reference's 95%
#   interval across forks widened by 1% on each side. WarmupStudySummary writes OUT/summary.md.
# Usage: ci/warmup-study.sh [REPS] [OUT]   (defaults 3, target/warmup-study; a study OUT holds goes on: its
#        finished runs stay, one cut short is run again)
#        STUDY_SETTINGS="unforked steady" limits the settings run (the reference is run when missing)
#        STUDY_TEST overrides the benchmarks run (default WarmupStudyBenchmarks), and STUDY_QUICK=1 shortens the
#        reference's and jmh's phases to 2 s, for a trial of the script (its figures mean nothing)
#        ci/warmup-study.sh summary [OUT]   (summarizes what OUT holds)
# MVN overrides the Maven command (e.g. MVN="mvn -o"). Takes about two hours on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a mvn <<< "${MVN:-mvn}"
test_class=${STUDY_TEST:-WarmupStudyBenchmarks}

summary() {
  local out=$1
  "${mvn[@]}" -B -q test -pl benchmarks -am -Dgroups=warmup-study -Dbench.excluded= \
    -Dtest=WarmupStudySummary -Dsurefire.failIfNoSpecifiedTests=false "-Dwarmup.study.dir=$out"
  echo "warmup-study: $out/summary.md"
}

if [ "${1:-}" = summary ]; then
  out=$(cd "${2:-target/warmup-study}" && pwd)
  summary "$out"
  exit 0
fi

reps=${1:-3}
[[ "$reps" =~ ^[1-9][0-9]*$ ]] || { echo "warmup-study: REPS=$reps is not a whole number of 1 or more" >&2; exit 2; }
mkdir -p "${2:-target/warmup-study}"
out=$(cd "${2:-target/warmup-study}" && pwd)
settings=${STUDY_SETTINGS:-unforked unforked-steady fixed5 steady jmh}

# One run of a setting into OUT/NAME: its run folder and its wall time in seconds.
run() {
  local name=$1 selection=$2
  shift 2
  if [ -f "$out/$name/wall-seconds" ]; then
    echo "warmup-study: $name is done, kept"
    return 0
  fi
  # A run cut short (the study stopped half-way) is run again from its start.
  rm -rf "${out:?}/$name"
  mkdir -p "$out/$name"
  echo "warmup-study: $name"
  local start end code=0
  start=$(date +%s.%N)
  "${mvn[@]}" -B test -pl benchmarks -am -Dgroups=warmup-study -Dbench.excluded= -Dtest="$selection" \
    -Dsurefire.failIfNoSpecifiedTests=false -Djunit.bench.progress=false \
    "-Djunit.bench.output.dir=$out/$name" "$@" > "$out/$name.log" 2>&1 || code=$?
  end=$(date +%s.%N)
  if [ "$code" -ge 128 ]; then
    # Killed (a signal, the memory killer): not a finished run; a later study runs it again.
    echo "warmup-study: $name: Maven was killed (exit $code, see $out/$name.log)" >&2
    exit 1
  fi
  awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f\n", e - s }' > "$out/$name/wall-seconds"
  if [ "$code" -ne 0 ]; then
    echo "warmup-study: $name: Maven exited $code (see $out/$name.log); its results stay in the study" >&2
  fi
}

long_warmup=30s long_measurement=20s jmh_phase=50s
if [ "${STUDY_QUICK:-}" = 1 ]; then
  long_warmup=2s long_measurement=2s jmh_phase=2s
fi
# A study goes on only as it began: the same benchmarks, phases and commit.
protocol="test=$test_class quick=${STUDY_QUICK:-0} commit=$(git rev-parse HEAD 2> /dev/null || echo unknown)"
if [ -f "$out/protocol" ] && [ "$(cat "$out/protocol")" != "$protocol" ]; then
  echo "warmup-study: $out holds a study begun as '$(cat "$out/protocol")', not '$protocol'; give a new OUT," \
    "or go on from that commit with those settings" >&2
  exit 2
fi
echo "$protocol" > "$out/protocol"
run reference-1 "$test_class" -Djunit.bench.forks=5 -Djunit.bench.warmup.mode=fixed \
  -Djunit.bench.warmup.iterations=1 -Djunit.bench.warmup.time=$long_warmup \
  -Djunit.bench.measurement.iterations=10 -Djunit.bench.measurement.time=$long_measurement
for rep in $(seq 1 "$reps"); do
  for setting in $settings; do
    case $setting in
      unforked) run "unforked-$rep" "$test_class" -Djunit.bench.forks=0 -Djunit.bench.warmup.mode=fixed ;;
      unforked-steady) run "unforked-steady-$rep" "$test_class" -Djunit.bench.forks=0 -Djunit.bench.warmup.mode=steady ;;
      fixed5) run "fixed5-$rep" "$test_class" -Djunit.bench.forks=5 -Djunit.bench.warmup.mode=fixed ;;
      steady) run "steady-$rep" "$test_class" -Djunit.bench.forks=auto -Djunit.bench.warmup.mode=steady ;;
      jmh) run "jmh-$rep" "${test_class%%#*}#jitSensitive" -Djunit.bench.forks=5 -Djunit.bench.warmup.mode=fixed \
        -Djunit.bench.warmup.iterations=5 -Djunit.bench.warmup.time=$jmh_phase \
        -Djunit.bench.measurement.iterations=5 -Djunit.bench.measurement.time=$jmh_phase ;;
      *) echo "warmup-study: unknown setting $setting in STUDY_SETTINGS; use unforked, unforked-steady, fixed5, steady, jmh" >&2; exit 2 ;;
    esac
  done
done
summary "$out"
