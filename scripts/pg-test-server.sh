#!/usr/bin/env bash
# Starts a throwaway PostgreSQL (Debian's package) on loopback for the server suite and prints its
# URL. Usage: scripts/pg-test-server.sh start|stop [dir]. Runs the server as the 'postgres' user
# because PostgreSQL refuses to run as root.
set -euo pipefail
cmd=${1:-start}
dir=${2:-/tmp/pod-pg-test}
port=${PG_TEST_PORT:-54329}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    if [ ! -s "$dir/PG_VERSION" ]; then
      mkdir -p "$dir"; [ "$(id -u)" = 0 ] && chown postgres "$dir"
      as_pg "$bin/initdb" -D "$dir" -U postgres --auth=trust -E UTF8 >/dev/null
    fi
    as_pg "$bin/pg_ctl" -D "$dir" -l "$dir/server.log" -o "-p $port -k /tmp -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" -w start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir" -m fast stop >/dev/null || true
    ;;
esac
