#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback for the test pass on PostgreSQL.
# Idempotent: installs Debian's postgresql when missing, reuses a running cluster. Prints the
# DATABASE_URL to use; when sourced (`. scripts/start-postgres.sh`) it also exports it.
# Env: PGPORT_EMBEDKIT (default 55432), PGDATA_EMBEDKIT (default /tmp/embedkit-pgdata).
# `bash scripts/start-postgres.sh stop` stops that cluster (fast mode: connections are cut), as the
# database-outage test does mid-load.
set -euo pipefail

port="${PGPORT_EMBEDKIT:-55432}"
data="${PGDATA_EMBEDKIT:-/tmp/embedkit-pgdata}"
url="postgres://embedkit:embedkit@127.0.0.1:${port}/embedkit"

bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)"
if [ -z "$bindir" ] || [ ! -x "$bindir/initdb" ]; then
  echo "installing Debian's postgresql..." >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends postgresql >/dev/null
  bindir="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"
fi

# PostgreSQL refuses to run as root: the cluster belongs to the postgres user when we are root.
as_pg() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi
}

if [ "${1:-}" = stop ]; then
  as_pg "'$bindir/pg_ctl' -D '$data' -m fast -w stop" >/dev/null
  exit 0
fi

if [ ! -f "$data/PG_VERSION" ]; then
  mkdir -p "$data"
  [ "$(id -u)" = 0 ] && chown postgres "$data"
  # C collation: text sorts byte-wise, as in the embedded database.
  as_pg "'$bindir/initdb' -D '$data' -A trust -U postgres --no-locale -E UTF8 >/dev/null"
fi

if ! as_pg "'$bindir/pg_ctl' -D '$data' status" >/dev/null 2>&1; then
  as_pg "'$bindir/pg_ctl' -D '$data' -w -l '$data/server.log' -o \"-k /tmp -h 127.0.0.1 -p $port -c max_connections=400 -c fsync=off\" start" >/dev/null
fi

psql=("$bindir/psql" -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -qtA)
if [ "$("${psql[@]}" -d postgres -c "select 1 from pg_roles where rolname='embedkit'")" != 1 ]; then
  "${psql[@]}" -d postgres -c "create role embedkit login password 'embedkit'"
fi
if [ "$("${psql[@]}" -d postgres -c "select 1 from pg_database where datname='embedkit'")" != 1 ]; then
  "${psql[@]}" -d postgres -c "create database embedkit owner embedkit"
fi

export DATABASE_URL="$url"
echo "$url"
