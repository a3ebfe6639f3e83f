#!/usr/bin/env bash
# Makes a PostgreSQL server answer on loopback for the history store's integration tests: installs
# Debian's postgresql where missing, starts its cluster, and creates the tests' role, which may create
# (and drop) databases of its own. Prints the environment the tests read; where no server can be had
# it says why, and those tests are skipped with that reason.
# Usage: eval "$(ci/postgres.sh)"
set -uo pipefail
role=junit_bench_test
password=junit_bench_test
say() { echo "ci/postgres.sh: $*" >&2; }
skip() { say "$1; the PostgreSQL tests will be skipped"; printf 'export JUNIT_BENCH_TEST_PG_SKIP=%q\n' "$1"; exit 0; }

if ! command -v pg_ctlcluster > /dev/null || ! ls /usr/lib/postgresql/*/bin/postgres > /dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get > /dev/null; then
    say "installing Debian's postgresql for the history store's tests"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q --no-install-recommends postgresql > /tmp/junit-bench-apt-postgres.log 2>&1 \
      || { apt-get update -q >> /tmp/junit-bench-apt-postgres.log 2>&1 \
           && apt-get install -y -q --no-install-recommends postgresql >> /tmp/junit-bench-apt-postgres.log 2>&1; } \
      || skip "could not install postgresql (see /tmp/junit-bench-apt-postgres.log)"
  else
    skip "PostgreSQL is missing and this user cannot install it (needs root and apt-get)"
  fi
fi

cluster=$(pg_lsclusters -h 2>/dev/null | head -1)
if [ -z "$cluster" ]; then
  [ "$(id -u)" = 0 ] || skip "no PostgreSQL cluster, and this user cannot create one (needs root)"
  version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf "%f\n" | sort -n | tail -1)
  pg_createcluster "$version" main > /tmp/junit-bench-postgres.log 2>&1 \
    || skip "could not create a PostgreSQL $version cluster (see /tmp/junit-bench-postgres.log)"
  cluster=$(pg_lsclusters -h | head -1)
fi
read -r version name port status _ <<< "$cluster"
if [ "$status" != online ]; then
  [ "$(id -u)" = 0 ] || [ "$(id -un)" = postgres ] \
    || skip "PostgreSQL $version/$name is down, and this user cannot start it (needs root or postgres)"
  pg_ctlcluster "$version" "$name" start > /tmp/junit-bench-postgres.log 2>&1 \
    || skip "could not start PostgreSQL $version/$name (see /tmp/junit-bench-postgres.log)"
fi

as_postgres() {
  if [ "$(id -un)" = postgres ]; then "$@"; elif [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else return 1; fi
}
# The role and its password; an existing role keeps its attributes but gets the password again.
if ! as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 -d postgres > /tmp/junit-bench-postgres-role.log 2>&1 <<SQL
DO \$\$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role') THEN
    CREATE ROLE $role LOGIN CREATEDB PASSWORD '$password';
  ELSE
    ALTER ROLE $role LOGIN CREATEDB PASSWORD '$password';
  END IF;
END \$\$;
SQL
then
  skip "could not create the role $role (see /tmp/junit-bench-postgres-role.log)"
fi
say "PostgreSQL $version/$name answers on 127.0.0.1:$port"
echo "export JUNIT_BENCH_TEST_PG_URL='jdbc:postgresql://127.0.0.1:$port/postgres'"
echo "export JUNIT_BENCH_TEST_PG_USER='$role'"
echo "export JUNIT_BENCH_TEST_PG_PASSWORD='$password'"
