#!/usr/bin/env bash
# Runs the service as it is meant to run: the jar with the JVM options of jvm.options (heap bound, collector, class
# data sharing), from the repository root, where jvm.options' paths point. Builds the jar when it is missing.
# Arguments go to the service, e.g. scripts/run.sh --port 8080; configuration: README, "Configuration".
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/select-jdk.sh
[ -f target/results-service.jar ] || ./mvnw -B -q package -DskipTests
exec java @jvm.options -jar target/results-service.jar "$@"
