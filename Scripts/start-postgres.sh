#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for Voyage and prints the line that points Voyage at it:
#
#   eval "$(Scripts/start-postgres.sh)"      # then: swift run voyage checkout …
#   Scripts/start-postgres.sh [FOLDER]       # prints `export VOYAGE_DATABASE_URL=…` and how to stop
#   Scripts/start-postgres.sh --stop FOLDER  # stops that cluster and deletes its folder
#   Scripts/start-postgres.sh --restart FOLDER  # restarts it: every open connection is cut
#
# The cluster lives in FOLDER (a new temporary folder by default), listens on a Unix socket in
# that folder only (no TCP port, nothing reachable from outside), trusts local connections and
# does not fsync: it is for trying Voyage and for tests, never for data worth keeping. Needs
# PostgreSQL's server (postgresql-15 on Debian); as root, the cluster runs as the `postgres` user
# (initdb refuses root). Stop it with the command it prints; delete the folder afterwards.
set -euo pipefail

bin=${POSTGRES_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "start-postgres: PostgreSQL's server is not installed (on Debian: apt-get install postgresql-15)" >&2
  exit 69
fi
as_owner=()
user=$(id -un)
if [ "$(id -u)" -eq 0 ]; then
  as_owner=(runuser -u postgres --)
  user=postgres
fi
if [ "${1:-}" = --stop ]; then
  folder=${2:?--stop needs the folder of the cluster}
  [ -f "$folder/data/PG_VERSION" ] || { echo "start-postgres: no cluster in $folder" >&2; exit 64; }
  "${as_owner[@]}" "$bin/pg_ctl" -D "$folder/data" stop -m fast >/dev/null || true
  rm -rf "$folder"
  exit 0
fi
# The server's options: a socket in the cluster's folder and no TCP port; no fsync.
options() { echo "-k $1 -c listen_addresses='' -c fsync=off"; }
# pg_ctl with none of this script's open descriptors but the three standard ones: the server
# outlives the script, and a descriptor it inherited would stay open as long as it runs, so a
# caller waiting for one to close (Foundation's Process waits on a socket it passes its child)
# would wait as long.
pg_ctl() {
  (
    for descriptor in /proc/self/fd/*; do
      descriptor=${descriptor##*/}
      if [ "$descriptor" -gt 2 ] && [ "$descriptor" -ne 255 ]; then eval "exec $descriptor>&-"; fi
    done
    exec "${as_owner[@]}" "$bin/pg_ctl" "$@"
  )
}
if [ "${1:-}" = --restart ]; then
  folder=${2:?--restart needs the folder of the cluster}
  [ -f "$folder/data/PG_VERSION" ] || { echo "start-postgres: no cluster in $folder" >&2; exit 64; }
  pg_ctl -D "$folder/data" -l "$folder/server.log" -w -m fast \
    -o "$(options "$folder")" restart >/dev/null || { cat "$folder/server.log" >&2; exit 1; }
  exit 0
fi
folder=${1:-$(mktemp -d "${TMPDIR:-/tmp}/voyage-postgres.XXXXXX")}
mkdir -p "$folder"
if [ "$(id -u)" -eq 0 ]; then chown postgres "$folder"; fi
"${as_owner[@]}" "$bin/initdb" -D "$folder/data" -A trust -U "$user" -N >"$folder/initdb.log" 2>&1 || {
  cat "$folder/initdb.log" >&2
  exit 1
}
pg_ctl -D "$folder/data" -l "$folder/server.log" -w \
  -o "$(options "$folder")" start >/dev/null || {
  cat "$folder/server.log" >&2
  exit 1
}
"${as_owner[@]}" "$bin/createdb" -h "$folder" -U "$user" voyage
echo "export VOYAGE_DATABASE_URL='postgresql://$user@/voyage?host=$folder'"
echo "# stop it (and delete $folder) with: Scripts/start-postgres.sh --stop $folder" >&2
