#!/usr/bin/env bash
# CI's container tests (.ci/run installs Podman, runc, netavark, mmdebstrap and podman-compose's Python modules first):
# takes Debian 13's podman-compose 1.3.0 without installing it (Debian 12's 1.0.3 cannot pin the
# balancer's address), and runs scripts/containers/test.sh, which removes what it made, also on failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="$PWD/scripts/containers/containers.conf"
compose_dir="$(mktemp -d)"
trap 'rm -rf "$compose_dir"' EXIT
mirror=http://deb.debian.org/debian
deb="$(curl -fsS "$mirror/dists/trixie/main/binary-all/Packages.xz" | xz -dc \
  | awk '/^Package: podman-compose$/ {found=1} found && /^Filename:/ {print $2; found=0}')"
curl -fsS -o "$compose_dir/podman-compose.deb" "$mirror/$deb"
dpkg-deb -x "$compose_dir/podman-compose.deb" "$compose_dir/root"
export COMPOSE="/usr/bin/python3 $compose_dir/root/usr/lib/python3/dist-packages/podman_compose.py"
$COMPOSE --version | head -1
scripts/containers/test.sh
