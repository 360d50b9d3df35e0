#!/usr/bin/env bash
# Reproducible benchmark (BENCHMARKS.md): the service against the university simulator on loopback.
# Options: -Dbench.latencyMs=300 -Dbench.studentsPerBatch=10 -Dbench.regulations=R18,R22
#          -Dbench.worlds=2023-11-30,latest,latest+2021-06-01 -Dbench.suites=cold,burst[,cached]
# Prints, per world (the university as of a day, its list possibly without older rows), regulation and batch, the
# cold /all-r18 or /all-r22 latency in units of L (median, p90, max), the upstream requests per lookup and per real
# result page of the student; then a results-day burst in the first world (200 students x 5 requests, 300 clients);
# with 'cached', warm latency, cached throughput and one bulk job.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/select-jdk.sh
./mvnw -B -q test-compile
./mvnw -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
exec java "$@" -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" in.results.bench.Benchmarks
