#!/bin/sh
# As the official image: the first start makes the cluster (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB), every
# start runs "postgres [args]" as the postgres user, listening on every address.
set -e
if [ "$1" != postgres ]; then exec "$@"; fi
shift
user="${POSTGRES_USER:-postgres}"
chown postgres:postgres "$PGDATA"
chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  printf '%s\n' "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required}" > /tmp/pwfile
  chown postgres /tmp/pwfile
  runuser -u postgres -- initdb --username="$user" --pwfile=/tmp/pwfile --auth-local=trust \
    --auth-host=scram-sha-256 -D "$PGDATA" >/dev/null
  rm -f /tmp/pwfile
  echo "host all all all scram-sha-256" >> "$PGDATA/pg_hba.conf"
  db="${POSTGRES_DB:-$user}"
  if [ "$db" != postgres ]; then
    runuser -u postgres -- pg_ctl -D "$PGDATA" -o "-c listen_addresses=''" -w start >/dev/null
    runuser -u postgres -- psql -q -U "$user" -d postgres -c "CREATE DATABASE \"$db\"" >/dev/null
    runuser -u postgres -- pg_ctl -D "$PGDATA" -m fast -w stop >/dev/null
  fi
fi
exec runuser -u postgres -- postgres -D "$PGDATA" -c listen_addresses='*' "$@"
