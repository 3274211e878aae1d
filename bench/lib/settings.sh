# Sourced first by every bench script: the settings they share (each can be overridden from the environment).
export BENCH_PORT=${BENCH_PORT:-18080}
JAR=${BENCH_JAR:-service/target/payouts-service.jar}
export BENCH_OUT=${BENCH_OUT:-bench/out}
export BENCH_RUN_ID=${BENCH_RUN_ID:-$(date -u +%Y%m%d-%H%M%S)}
export BENCH_OWNER_EMAIL=bench@payouts.local
export BENCH_OWNER_PASSWORD=bench-owner-password
