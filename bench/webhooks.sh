#!/usr/bin/env bash
# Webhooks at fleet volume: see bench/README.md, "Webhooks", for the method and the settings.
#
#   bench/webhooks.sh                                  both phases on a fresh database (about 3 minutes)
#   BENCH_PHASES=slow bench/webhooks.sh                one phase (setup always runs)
#
# Needs a JDK 17+ and curl. Results go to stdout and $BENCH_OUT.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/lib/settings.sh
export BENCH_CONCURRENCY=${BENCH_CONCURRENCY:-8}
RUN_LOG="$BENCH_OUT/webhooks-$BENCH_RUN_ID.log"
SERVICE_ENV=(PAYOUTS_RAIL_STANDARD_DELAY=1s PAYOUTS_RAIL_INSTANT_DELAY=1s PAYOUTS_WEBHOOKS_ALLOW_INSECURE_TARGETS=true
  PAYOUTS_WEBHOOKS_CONCURRENCY_PER_SUBSCRIPTION="$BENCH_CONCURRENCY")
source bench/lib/service.sh

{
  echo "webhook bench $BENCH_RUN_ID, commit $(git log -1 --format=%h 2>/dev/null || echo '?'), jar $JAR"
  echo "machine: $(nproc) cores; $(uptime)"
} | tee "$RUN_LOG"
start_service ${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
java bench/WebhookBench.java 2>&1 | tee -a "$RUN_LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "the benchmark failed; service log: $BENCH_OUT/service-$BENCH_RUN_ID.log" >&2; exit 1; }
echo "machine after the run: $(uptime)" | tee -a "$RUN_LOG"
