#!/usr/bin/env bash
# The benchmark suite: see bench/README.md for the method, the phases and every setting.
#
#   bench/run.sh                                       every phase on a fresh database (about 10 minutes)
#   BENCH_PHASES=payouts,money bench/run.sh            some phases (setup always runs)
#   BENCH_PROFILE=1 BENCH_PHASES=payouts bench/run.sh  plus a JFR profile of the payouts phase, summarized
#   BENCH_JAR=/path/to/payouts-service.jar bench/run.sh   a prebuilt jar (default: service/target, built if missing)
#
# Needs a JDK 17+ and pgbench/psql (apt-get install postgresql-client). Results go to stdout and $BENCH_OUT.
set -euo pipefail
cd "$(dirname "$0")/.."

source bench/lib/settings.sh
RAIL_DELAY=${BENCH_RAIL_DELAY:-1s}

for tool in java psql pgbench curl; do
  command -v $tool >/dev/null || { echo "$tool is needed (pgbench and psql: apt-get install postgresql-client)" >&2; exit 1; }
done
RUN_LOG="$BENCH_OUT/run-$BENCH_RUN_ID.log"
# the service's code: the last commit outside bench/, and whether the work tree changed it since
export BENCH_COMMIT=${BENCH_COMMIT:-$(git log -1 --format=%h -- . ':!bench' 2>/dev/null || echo '?')$(git diff --quiet HEAD -- . ':!bench' 2>/dev/null || echo '+changes')}
SERVICE_ENV=(PAYOUTS_RAIL_STANDARD_DELAY="$RAIL_DELAY" PAYOUTS_RAIL_INSTANT_DELAY="$RAIL_DELAY")
source bench/lib/service.sh

{
  echo "bench run $BENCH_RUN_ID, commit $BENCH_COMMIT, jar $JAR"
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem/ {print $2}') GiB; $(uptime)"
  echo "busiest processes before the run:"
  ps -eo pid,pcpu,etime,args --sort=-pcpu | head -6 | cut -c1-160
} | tee "$RUN_LOG"

JAVA_OPTS=${BENCH_JAVA_OPTS:--Xms1g -Xmx1g}
# deep stacks for the profile: the default 64 frames cut off the entry points of Spring/Axon/Hibernate stacks
if [ "${BENCH_PROFILE:-0}" = 1 ]; then JAVA_OPTS="$JAVA_OPTS -XX:FlightRecorderOptions=stackdepth=512"; fi
echo "starting the service on a fresh embedded PostgreSQL in $DATA_DIR (rail delay $RAIL_DELAY)" | tee -a "$RUN_LOG"
start_service $JAVA_OPTS
export BENCH_RAIL_DELAY=$RAIL_DELAY

java bench/Bench.java 2>&1 | tee -a "$RUN_LOG"
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "the benchmark failed; service log: $BENCH_OUT/service-$BENCH_RUN_ID.log" >&2; exit 1; }

JFR="$BENCH_OUT/payouts-$BENCH_RUN_ID.jfr"
if [ "${BENCH_PROFILE:-0}" = 1 ] && [ -f "$JFR" ]; then
  echo | tee -a "$RUN_LOG"
  echo "JFR profile of the payouts phase ($JFR):" | tee -a "$RUN_LOG"
  java bench/JfrSummary.java "$JFR" 2>&1 | tee -a "$RUN_LOG"
fi
echo "machine after the run: $(uptime)" | tee -a "$RUN_LOG"
echo "log of this run: $RUN_LOG"
