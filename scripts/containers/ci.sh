#!/usr/bin/env bash
# CI's container tests: installs what they need when missing (Podman with runc and netavark, mmdebstrap, the Python
# modules of podman-compose), takes Debian 13's podman-compose 1.3.0 without installing it (Debian 12's 1.0.3 cannot pin the
# balancer's address), and runs scripts/containers/test.sh, which removes what it made, also on failure.
set -euo pipefail
cd "$(dirname "$0")/../.."
export CONTAINERS_CONF="$PWD/scripts/containers/containers.conf"
# netavark and aardvark-dns give compose networks their DNS names (without recommends, apt would pick CNI instead);
# iptables publishes ports.
need=()
for package in podman runc netavark aardvark-dns iptables mmdebstrap python3-dotenv python3-yaml xz-utils curl; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q '^install ok installed$' || need+=("$package")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq && apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi
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
