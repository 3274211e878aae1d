#!/usr/bin/env bash
# Fault drills: the service jar on embedded PostgreSQL, one fault each (reliability/README.md, "Fault drills").
# Each drill starts a service on a database of its own and stops it; the report table goes to reliability/out/.
#
#   reliability/drills.sh                                     every drill, the soak for an hour (about 75 minutes)
#   DRILL_SOAK_MINUTES=5 reliability/drills.sh                 a shorter soak
#   DRILL_SCENARIOS=kill-during-batch-release,webhooks-down reliability/drills.sh
#
# Drills: kill-during-batch-release, kill-during-rebuild, kill-during-sandbox-reset, webhooks-down, webhooks-hang,
# disk-full (needs root, to mount a small tmpfs under PostgreSQL), soak. It exits non-zero when a drill lost an
# acknowledged write, broke the money, answered a 5xx other than 503, or could not run. Needs a JDK 17+.
set -euo pipefail
cd "$(dirname "$0")/.."

JAR=${DRILL_JAR:-service/target/payouts-service.jar}
if [ ! -f "$JAR" ]; then
  ./mvnw -B -q ${MAVEN_ARGS:-} -DskipTests package
fi
CLASSES=$(mktemp -d /tmp/payouts-drills.XXXXXX)
trap 'rm -rf "$CLASSES"' EXIT
javac -d "$CLASSES" reliability/drills/*.java
echo "fault drills: commit $(git log -1 --format=%h 2>/dev/null || echo '?'); $(nproc) cores; $(uptime)"
DRILL_JAR="$JAR" java -cp "$CLASSES" FaultDrills
