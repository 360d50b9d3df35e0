#!/usr/bin/env bash
# Reproducible benchmark (BENCHMARKS.md): the service against the university simulator on loopback.
# Options: -Dbench.latencyMs=200 -Dbench.studentsPerBatch=10 -Dbench.regulations=R18,R22
# Prints, per regulation and batch, the cold /all-r18 or /all-r22 latency in units of L and the upstream
# requests per lookup; then warm latency, cached throughput and one bulk job.
# Suites: -Dbench.suite=redis (cached /all-r18, Redis vs embedded), -Dbench.suite=fleet (three instances on Redis),
# -Dbench.suite=wire (the jar in its own process with jvm.options, wrk against cached /all-r18 and /health, RSS,
# first vs later cold lookup; needs wrk; options in src/test/java/in/results/bench/WireBenchmark.java).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/select-jdk.sh
case " $* " in
  *" -Dbench.suite=wire "*) ./mvnw -B -q package -DskipTests ;; # the service runs from the jar, as in production
  *) ./mvnw -B -q test-compile ;;
esac
./mvnw -B -q dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/bench.classpath
# The benchmark's own JVM (simulator, clients and, but for the wire suite, the service) runs with jvm.options too, with
# an archive of its own: its classes come from another class path than the jar's.
exec java @jvm.options -XX:SharedArchiveFile=target/bench.jsa "$@" \
  -cp "target/test-classes:target/classes:$(cat target/bench.classpath)" in.results.bench.Benchmarks
