#!/bin/sh
# As the official image: "redis-server [args]" or "[args]" runs the server as the redis user.
set -e
if [ "${1#-}" != "$1" ]; then set -- redis-server "$@"; fi
if [ "$1" = redis-server ]; then
  shift
  exec runuser -u redis -- redis-server --protected-mode no "$@"
fi
exec "$@"
