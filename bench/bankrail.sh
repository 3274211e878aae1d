#!/usr/bin/env bash
# The bank rail at a batch of 1,000 production payouts: see bench/README.md, "Bank rail", for the method and the
# settings.
#
#   bench/bankrail.sh                          setup, a warm-up batch, the measured batch, an idle baseline (about 3 minutes)
#   BENCH_CUTOFF=10s bench/bankrail.sh         another cut-off interval (the release must reach the rail within it)
#
# Needs a JDK 17+, curl and psql. Results go to stdout and $BENCH_OUT.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/lib/settings.sh
export BENCH_CUTOFF=${BENCH_CUTOFF:-15s}
# the simulated bank's folders (outbound, inbound, archive), fresh for each run and kept with its results
export BENCH_BANK_DIR="$BENCH_OUT/bank-$BENCH_RUN_ID"
RUN_LOG="$BENCH_OUT/bankrail-$BENCH_RUN_ID.log"
command -v psql >/dev/null || { echo "psql is needed to read the rail's tables" >&2; exit 1; }
mkdir -p "$BENCH_OUT"
[ ! -e "$BENCH_BANK_DIR" ] || { echo "$BENCH_BANK_DIR exists: set BENCH_RUN_ID" >&2; exit 1; }
SERVICE_ENV=(PAYOUTS_RAIL_PRODUCTION=iso20022 PAYOUTS_BANK_SIMULATOR=true PAYOUTS_BANK_CUTOFF="$BENCH_CUTOFF"
  PAYOUTS_BANK_SIMULATOR_DIRECTORY="$BENCH_BANK_DIR")
source bench/lib/service.sh

{
  echo "bank rail bench $BENCH_RUN_ID, commit $(git log -1 --format=%h 2>/dev/null || echo '?'), jar $JAR"
  echo "machine: $(nproc) cores; $(uptime)"
  echo "cut-off every $BENCH_CUTOFF, poll interval ${PAYOUTS_BANK_POLL_INTERVAL:-250ms (the default)}, bank files in $BENCH_BANK_DIR"
} | tee "$RUN_LOG"
start_service ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
java bench/BankRailBench.java 2>&1 | tee -a "$RUN_LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "the benchmark failed; service log: $BENCH_OUT/service-$BENCH_RUN_ID.log" >&2; exit 1; }
grep -E 'Built pain001|Sent pain001|SIMULATED BANK' "$LOG" | tail -5 >> "$RUN_LOG" || true
echo "machine after the run: $(uptime)" | tee -a "$RUN_LOG"
