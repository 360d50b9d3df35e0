#!/usr/bin/env bash
# Several instances, one Redis: starts redis-server, the university simulator and three service instances sharing
# answers, upstream limits, client limits and bulk jobs through Redis, all on loopback; prints their URLs;
# Ctrl-C stops everything it started.
# Ports (override by environment): REDIS_PORT=6390 SIMULATOR_PORT=9190 FIRST_PORT=8191 (then 8192, 8193).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/select-jdk.sh
if ! command -v redis-server >/dev/null 2>&1; then
  echo "fleet-demo: needs Debian's redis-server (apt-get install -y redis-server)" >&2
  exit 1
fi
REDIS_PORT=${REDIS_PORT:-6390}
SIMULATOR_PORT=${SIMULATOR_PORT:-9190}
FIRST_PORT=${FIRST_PORT:-8191}
mvn -B -q package -DskipTests
mkdir -p target/fleet-demo
LOGS=target/fleet-demo

pids=()
stop_all() {
  trap - EXIT INT TERM
  echo
  echo "fleet-demo: stopping ${#pids[@]} processes"
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_all EXIT INT TERM

# Waits up to 60 s for $1 to answer; fails naming the log to read.
wait_for() {
  for _ in $(seq 1 300); do
    if curl -fs -o /dev/null "$1"; then return 0; fi
    sleep 0.2
  done
  echo "fleet-demo: $1 did not answer; see $2" >&2
  exit 1
}

redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >"$LOGS/redis.log" 2>&1 &
pids+=($!)
# jvm.options for every process, each with a class data sharing archive of its own: processes stopped together must
# not write one archive file at the same time.
java @jvm.options -XX:SharedArchiveFile="$LOGS/simulator.jsa" -jar target/results-service.jar \
  simulator --port "$SIMULATOR_PORT" --latency-ms 100 >"$LOGS/simulator.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:$SIMULATOR_PORT/jsp/home.jsp" "$LOGS/simulator.log"

upstream="http://127.0.0.1:$SIMULATOR_PORT,http://127.0.0.1:$SIMULATOR_PORT/results"
urls=()
for i in 0 1 2; do
  port=$((FIRST_PORT + i))
  RESULTS_REDIS_URL="redis://127.0.0.1:$REDIS_PORT" RESULTS_UPSTREAM_URLS="$upstream" \
    java @jvm.options -XX:SharedArchiveFile="$LOGS/instance-$port.jsa" -jar target/results-service.jar \
      --port "$port" >"$LOGS/instance-$port.log" 2>&1 &
  pids+=($!)
  urls+=("http://127.0.0.1:$port")
done
for url in "${urls[@]}"; do wait_for "$url/health" "$LOGS/instance-${url##*:}.log"; done

hallticket=$(grep -m1 -oE 'SUPPLY_CLEARED_SECOND_TRY +[0-9A-Z]{10}' "$LOGS/simulator.log" | awk '{print $2}' || true)
hallticket=${hallticket:-<hall ticket from $LOGS/simulator.log>}
cat <<TEXT

Results Service fleet: three instances sharing answers through Redis at 127.0.0.1:$REDIS_PORT,
asking the university simulator at http://127.0.0.1:$SIMULATOR_PORT (100 ms per answer).

  instances: ${urls[*]}
  logs:      $LOGS/

Ask one instance, then the others: the first answer is X-Cache: MISS, the others HIT, and the simulator
is asked once:
  curl -si ${urls[0]}/all-r18/$hallticket | grep -i x-cache
  curl -si ${urls[1]}/all-r18/$hallticket | grep -i x-cache
  curl -si ${urls[2]}/all-r18/$hallticket | grep -i x-cache
A bulk job is the fleet's: start it on one instance, poll it on another (same progress, same array):
  curl -s "${urls[0]}/api?hallticket_from=${hallticket:0:8}01&hallticket_to=${hallticket:0:8}30&degree=btech&examCode=<code>&etype=r17&type=intgrade&result=null"
  (<code>: an exam code from ${urls[0]}/new/all; then the same URL on ${urls[1]}). Stop the first instance
  meanwhile: another one finishes the job.
RESULTS_UPSTREAM_CONCURRENCY, RESULTS_UPSTREAM_RPS and RESULTS_RATE_LIMIT_PER_MINUTE are fleet totals.
Redis as each instance sees it:   curl -s ${urls[0]}/health
Try losing Redis:                 redis-cli -p $REDIS_PORT shutdown nosave   (answers keep coming)

Ctrl-C stops everything.
TEXT
wait
