#!/usr/bin/env bash
# The model-based tests of the money, long (reliability/README.md, "Model-based tests of the money"): many more
# tries and longer sequences than the suite runs. Usage:
#   reliability/model.sh                 # both: the command side, then over HTTP
#   reliability/model.sh command-side    # only the command side's property
#   reliability/model.sh http            # only the property over HTTP
# MODEL_TRIES / MODEL_STEPS (command side, default 2000 / 60) and HTTP_TRIES / HTTP_STEPS (default 20 / 25) set the
# sizes. A failure is kept in <module>/target/jqwik-database, and the next run of the same property tries its
# sample first. Extra arguments go to Maven.
set -euo pipefail
cd "$(dirname "$0")/.."

which=${1:-both}
[ $# -gt 0 ] && shift

./mvnw -B -q install -DskipTests -pl service -am

if [ "$which" = both ] || [ "$which" = command-side ]; then
  ./mvnw -B -pl command-side test -Dtest=MoneyModelTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Djqwik.tries.default="${MODEL_TRIES:-2000}" -Dmoney.model.steps="${MODEL_STEPS:-60}" "$@"
fi
if [ "$which" = both ] || [ "$which" = http ]; then
  ./mvnw -B -pl service test -Dtest=MoneyOverHttpModelTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Djqwik.tries.default="${HTTP_TRIES:-20}" -Dmoney.http.steps="${HTTP_STEPS:-25}" "$@"
fi
