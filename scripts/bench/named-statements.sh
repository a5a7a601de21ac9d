#!/bin/bash
# Named prepared statements on and off, back to back (ABBA), with the load average before each run
# (docs/benchmarks.md, "Named prepared statements in production"). Needs BENCH_DATABASE_URL (its
# public schema is dropped) and the flags load.ts takes, e.g. `--seconds 30`.
set -euo pipefail
cd "$(dirname "$0")/../.."
: "${BENCH_DATABASE_URL:?set BENCH_DATABASE_URL to a database of its own}"
for mode in off on on off; do
  echo "=== NAMED_STATEMENTS=$mode $(date -u +%H:%M:%S) load $(cut -d' ' -f1-3 /proc/loadavg)"
  npx tsx scripts/bench/load.ts --named-statements "$mode" "$@" |
    grep -E '^(calls|server CPU|PostgreSQL CPU|server \+ PostgreSQL|goal|consistency|reads over)|p50' || true
done
