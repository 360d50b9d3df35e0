#!/usr/bin/env bash
# The container tests (issue 28): builds the local base images (base-images.sh), the service's image on them from
# the Containerfile as shipped (BASE=the local Temurin stand-in), then runs the tests tagged "containers"
# (ContainerImageIT: the image alone; ComposeFleetIT: deploy/compose.yaml). Everything it makes carries the label
# results-ci-run=<run id> (or the compose project results-<run id>) and is removed at the end, also on failure.
# Needs root, podman, runc, mmdebstrap, a JDK >= 21 (scripts/select-jdk.sh), and podman-compose >= 1.1 (COMPOSE,
# as words).
set -euo pipefail
cd "$(dirname "$0")/../.."
. scripts/select-jdk.sh
run="${RESULTS_RUN:-$(date +%s)-$$}"
compose="${COMPOSE:?set COMPOSE to the podman-compose command}"
echo "container tests: run $run"

cleanup() {
  set +e
  for project in "results-$run"; do
    podman ps -aq --filter "label=io.podman.compose.project=$project" | xargs -r podman rm -f -t 0 >/dev/null
    podman network ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman network rm -f >/dev/null
    podman volume ls -q --filter "label=io.podman.compose.project=$project" | xargs -r podman volume rm -f >/dev/null
  done
  podman ps -aq --filter "label=results-ci-run=$run" | xargs -r podman rm -f -t 0 >/dev/null
  podman images -q --filter "label=results-ci-run=$run" | sort -u | xargs -r podman rmi -f >/dev/null
  podman images --format '{{.Repository}}:{{.Tag}}' | grep ":$run\$" | xargs -r podman rmi -f >/dev/null
  echo "container tests: removed what run $run made"
}
trap cleanup EXIT

[ -f target/results-service.jar ] || ./mvnw -B -q package -DskipTests
scripts/containers/base-images.sh "$run"
started=$(date +%s)
podman build --quiet --format docker --label "results-ci-run=$run" --build-arg "BASE=localhost/results-jre:$run" \
  -t "localhost/results-service:$run" . >/dev/null
echo "container tests: service image built in $(( $(date +%s) - started )) s," \
  "$(podman image inspect --format '{{.Size}}' "localhost/results-service:$run") bytes" \
  "(base $(podman image inspect --format '{{.Size}}' "localhost/results-jre:$run") bytes)"
./mvnw -B verify -Pcontainers -Dtest=NONE -Dsurefire.failIfNoSpecifiedTests=false \
  -Dresults.run="$run" -Dresults.image="localhost/results-service:$run" -Dresults.compose="$compose"
