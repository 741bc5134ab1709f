#!/usr/bin/env bash
# A throwaway Postgres server for the hub's tests and bench: Debian's postgresql package, run as the postgres user
# on a temporary data directory, listening on 127.0.0.1 only. Installs the package when missing, starts the server
# when it is not running, and prints its URL (postgres://postgres@127.0.0.1:PORT/postgres) as the last line.
#   bash scripts/ensure-postgres.sh          ensure it runs, print the URL
#   bash scripts/ensure-postgres.sh stop     stop it and delete its data
set -euo pipefail

PORT="${HUB_PG_PORT:-54329}"
DIR="${HUB_PG_DIR:-/tmp/in-page-enrich-hub-pg}"

bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
  [[ -n "$d" && -x "$d/pg_ctl" ]] && echo "$d"
}

as_postgres() {
  if [[ "$(id -un)" == postgres ]]; then "$@"; else runuser -u postgres -- "$@"; fi
}

BIN=$(bindir || true)
if [[ "${1:-}" == stop ]]; then
  [[ -n "$BIN" && -d "$DIR" ]] && as_postgres "$BIN/pg_ctl" -D "$DIR/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
  exit 0
fi

if [[ -z "$BIN" ]]; then
  echo "Postgres is not installed: installing Debian's postgresql package…" >&2
  if [[ "$(id -u)" != 0 ]]; then echo "ensure-postgres: need root to apt-get install postgresql" >&2; exit 1; fi
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  BIN=$(bindir)
fi
id postgres >/dev/null 2>&1 || { echo "ensure-postgres: no postgres user (the postgresql package creates it)" >&2; exit 1; }

if ! as_postgres "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  mkdir -p "$DIR"
  chown postgres "$DIR"
  if [[ ! -f "$DIR/data/PG_VERSION" ]]; then
    as_postgres "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust -E UTF8 >/dev/null
  fi
  # Sockets in the data directory: the Debian default (/var/run/postgresql) may not exist outside the service.
  as_postgres "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/log" -w -t 60 \
    -o "-p $PORT -c listen_addresses=127.0.0.1 -c unix_socket_directories=$DIR/data -c max_connections=200 -c fsync=off" start >/dev/null
fi
echo "postgres://postgres@127.0.0.1:$PORT/postgres"
