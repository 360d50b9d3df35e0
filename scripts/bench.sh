#!/usr/bin/env bash
# Reproducible benchmark (BENCHMARKS.md): the service against the university simulator on loopback.
# Options: -Dbench.latencyMs=300 -Dbench.studentsPerBatch=10 -Dbench.regulations=R18,R22
#          -Dbench.worlds=2023-11-30,latest,latest+2021-06-01 -Dbench.suites=cold,replay,burst (any of cold, programmes,
#          replay, burst, cached, redis, fleet, results-day, results-day-scale, alerts, alerts-retention,
#          credits-backfill, pdf, mcp,
#          class-record, wire, in that order)
#          programmes: -Dbench.programmes.worlds=2023-11-30,2024-10-31,2025-03-27 -Dbench.programmes.perGroup=25
#          results-day-scale: -Dbench.resultsDay.students=2000 -Dbench.resultsDay.fleet=true
# Prints, per world (the university as of a day, its list possibly without older rows), regulation and batch, the
# cold /all-r18 or /all-r22 latency in units of L (median, p90, max), the upstream requests per lookup and per real
# result page of the student; then every student's search replayed without HTTP (requests, rounds); then a
# results-day burst in the first world (200 students x 5 requests, 300 clients);
# with 'cached', warm latency, cached throughput and one bulk job.
# Other suites: redis (cached /all-r18, Redis vs embedded), fleet (three instances on Redis), results-day (200 students
# return after a restart on the day their results are published: visibility, exactness, upstream requests per student;
# the same on three instances with Redis and PostgreSQL; the archive's size and write cost), results-day-scale (the
# same day for N students of every regulation, outside mvn test: the day before alone takes 4 minutes at 1,522;
# every answer sent after the service announced the publication checked; wrong answers, answers in time, requests per
# returning student, time to show the release, reading ahead's counts; one instance, then three), alerts (a release
# dispatched to 500 webhook subscribers on loopback, alone and during a results-day burst: time until each is told,
# upstream requests per subscriber, webhook-ids, signatures), alerts-retention (the alerts' tables per 1,000 subscribers
# and release before and after a pruning pass, SQLite and PostgreSQL; -Dbench.retention.subscribers=1000),
# credits-backfill (an archive of a million pages kept before migration 7 upgraded: time until ready, SQLite and
# PostgreSQL; -Dbench.backfill.pages=1000000), pdf (the
# transcript PDF of the fullest record on a cached transcript: latency over 200 renders through HTTP, size; its JSON
# and /compare with a classmate beside it), mcp (an MCP
# tools/call beside its HTTP twin, /report and /all, on a cached transcript: latency, CPU per request, size), wire (the jar in its
# own process with jvm.options, wrk against cached /all-r18 and /health, RSS, first vs later cold lookup; needs wrk;
# options in src/test/java/in/results/bench/WireBenchmark.java).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/select-jdk.sh
case " $* " in
  *" -Dbench.suites="*wire*) ./mvnw -B -q package -DskipTests ;; # the service runs from the jar, as in production
  *) ./mvnw -B -q test-compile ;;
esac
./mvnw -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
# The benchmark's own JVM (simulator, clients and, but for the wire suite, the service) runs with jvm.options too, but
# without class data sharing: its classes come from directories, which an archive cannot hold.
heap=()
case " $* " in
  # results-day-scale holds three services, the simulator's world and thousands of reply bodies in this one JVM:
  # jvm.options' 256 MB is one service's bound. The services then size their stores for 2 GB (the suite says so).
  *" -Dbench.suites="*results-day-scale*) heap=(-Xmx2g) ;;
esac
exec java @jvm.options "${heap[@]}" -Xshare:off "$@" \
  -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" in.results.bench.Benchmarks
