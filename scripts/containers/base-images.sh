#!/usr/bin/env bash
# Builds, where no image can be pulled, local stand-ins for the images the Containerfile and deploy/compose.yaml
# name, each tagged <name>:<run id> and labelled results-ci-run=<run id>:
#   results-debian   Debian bookworm minbase, from the machine's package mirror (mmdebstrap)
#   results-jre      that, with a JRE jlinked from the machine's JDK at /opt/java/openjdk (as Temurin's images)
#   results-redis, results-postgres, results-haproxy   Debian's packages, run as the official images run them
# Usage: scripts/containers/base-images.sh <run id>. Needs root, podman, mmdebstrap and a JDK >= 21 in JAVA_HOME.
set -euo pipefail
run="${1:?usage: base-images.sh <run id>}"
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
label=(--label "results-ci-run=$run")

mmdebstrap --quiet --variant=minbase --mode=root \
  --include=ca-certificates,redis-server,postgresql-15,haproxy \
  bookworm "$work/services.tar"
mmdebstrap --quiet --variant=minbase --mode=root bookworm "$work/debian.tar"
podman import --change "LABEL results-ci-run=$run" "$work/debian.tar" "results-debian:$run" >/dev/null
podman import --change "LABEL results-ci-run=$run" "$work/services.tar" "results-services:$run" >/dev/null

# The modules of a JRE (Temurin's JRE holds the same runtime set: no compiler, no tools).
modules=java.se,jdk.charsets,jdk.crypto.cryptoki,jdk.crypto.ec,jdk.httpserver,jdk.jfr,jdk.localedata,jdk.management,jdk.management.agent,jdk.management.jfr,jdk.naming.dns,jdk.net,jdk.nio.mapmode,jdk.security.auth,jdk.security.jgss,jdk.unsupported,jdk.zipfs
mkdir "$work/jre-context"
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
  --generate-cds-archive --output "$work/jre-context/jre"
podman build --quiet "${label[@]}" --build-arg "DEBIAN=results-debian:$run" -t "results-jre:$run" \
  -f "$here/Containerfile.jre" "$work/jre-context" >/dev/null

for service in redis postgres haproxy; do
  podman build --quiet "${label[@]}" --build-arg "SERVICES=results-services:$run" -t "results-$service:$run" \
    -f "$here/Containerfile.$service" "$here" >/dev/null
done
echo "base images of run $run: results-debian results-jre results-services results-redis results-postgres results-haproxy"
