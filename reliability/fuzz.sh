#!/usr/bin/env bash
# The fuzzer's long run: the suite's OpenApiFuzzTest at a larger size. See reliability/README.md for the method, the
# checks and the results so far.
#
#   reliability/fuzz.sh                      100 broken requests an operation, a new seed (about 15 minutes here)
#   FUZZ_SIZE=300 reliability/fuzz.sh        another size
#   FUZZ_SEED=1764236400 reliability/fuzz.sh repeat a run (the seed is printed at the start and in the report)
#   MAVEN_ARGS=-o reliability/fuzz.sh        offline, once the dependencies are in the local repository
#
# Needs a JDK 17+. It exits non-zero when a check failed; the report (every distinct failure with the request that
# showed it) is copied to reliability/out/, which git ignores.
set -euo pipefail
cd "$(dirname "$0")/.."

SIZE=${FUZZ_SIZE:-100}
SEED=${FUZZ_SEED:-$(date +%s)}
OUT=reliability/out
mkdir -p "$OUT"
echo "fuzz run: size $SIZE, seed $SEED, commit $(git log -1 --format=%h 2>/dev/null || echo '?'); $(nproc) cores; $(uptime)"

./mvnw -B -q ${MAVEN_ARGS:-} install -DskipTests -pl '!service'
status=0
./mvnw -B ${MAVEN_ARGS:-} -pl service verify -Dtest=OpenApiFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
  -DskipITs -Dfuzz.size="$SIZE" -Dfuzz.seed="$SEED" || status=$?

REPORT=service/target/fuzz/report.md
if [ -f "$REPORT" ]; then
  cp "$REPORT" "$OUT/report-$SEED.md"
  head -3 "$REPORT" | tail -1
  echo "report: $OUT/report-$SEED.md"
fi
exit "$status"
