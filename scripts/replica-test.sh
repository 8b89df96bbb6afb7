#!/usr/bin/env bash
# The read-replica tests (test/replica/) against a real PostgreSQL streaming replica of the machine's server:
# a base backup (pg_basebackup) into a temporary directory, started as a hot standby on another port, and a
# fresh database on the primary that it replicates. The standby is stopped and its directory removed
# whatever happens. Run by .ci/run; by hand: `bash scripts/replica-test.sh` (as root or as postgres).
#   PGHOST/PGPORT: the primary (127.0.0.1:5432); REPLICA_PORT: the first port tried for the standby (25432).
# With arguments it runs them instead of the tests, the standby's port in REPLICA_PORT (the benchmark with a
# replica, docs/performance.md):
#   bash scripts/replica-test.sh sh -c 'DATABASE_REPLICA_URL=postgres://postgres@127.0.0.1:$REPLICA_PORT/x_bench \
#     DATABASE_URL=postgres://postgres@127.0.0.1:5432/x npm run bench -- --keep'
set -euo pipefail
cd "$(dirname "$0")/.."

PG_HOST=${PGHOST:-127.0.0.1}
PG_PORT=${PGPORT:-5432}
admin() { psql -h "$PG_HOST" -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -Atqc "$1"; }
# PostgreSQL's server programs refuse to run as root: the standby runs as postgres.
as_postgres() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }

version=$(admin 'SHOW server_version_num')
PG_BIN=${PG_BIN:-/usr/lib/postgresql/$((version / 10000))/bin}
[ -x "$PG_BIN/pg_basebackup" ] || { echo "replica test: no pg_basebackup in $PG_BIN" >&2; exit 1; }

wal_level=$(admin 'SHOW wal_level')
senders=$(admin 'SHOW max_wal_senders')
if [ "$wal_level" = minimal ] || [ "$senders" -lt 2 ]; then
  echo "replica test: the primary needs wal_level replica and max_wal_senders >= 2 (has $wal_level, $senders)" >&2
  exit 1
fi

# The base backup and the standby connect as replication clients: allowed once, from this machine only.
hba=$(admin 'SHOW hba_file')
if ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+postgres[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
  echo "--- allowing local replication connections in $hba"
  printf 'host replication postgres 127.0.0.1/32 trust\n' >>"$hba"
  admin 'SELECT pg_reload_conf()' >/dev/null
fi

# Below the kernel's range of ports for outgoing connections (32768 and up, ip_local_port_range): in it, a
# client socket (the base backup's own) could take the port between this probe and the standby's start, which
# then fails with "Address already in use", as a CI run did with 55432.
port=${REPLICA_PORT:-25432}
while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done

dir=$(mktemp -d /tmp/sicurhub-replica.XXXXXX)
db="sicurhub_replica_$(date +%s)_$$"
# The standby's replication slot keeps the primary's WAL until the standby has it: whatever else writes to
# the server meanwhile, it cannot recycle a segment the standby still needs. Slots left by a run that was
# killed (inactive, with this prefix) would keep WAL forever: dropped first.
slot="$db"
admin "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots
       WHERE slot_name LIKE 'sicurhub_replica_%' AND NOT active" >/dev/null
cleanup() {
  status=$?
  if [ -f "$dir/data/postmaster.pid" ]; then
    as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  fi
  admin "SELECT pg_drop_replication_slot('$slot') FROM pg_replication_slots WHERE slot_name = '$slot'" >/dev/null 2>&1 || true
  if [ "$status" != 0 ] && [ -f "$dir/replica.log" ]; then
    echo "--- the standby's log (last lines)"
    tail -n 30 "$dir/replica.log" || true
  fi
  rm -rf "$dir"
  admin "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
  exit "$status"
}
trap cleanup EXIT
chown postgres:postgres "$dir" 2>/dev/null || true
chmod 700 "$dir"

echo "--- base backup of $PG_HOST:$PG_PORT into $dir"
as_postgres "$PG_BIN/pg_basebackup" -h "$PG_HOST" -p "$PG_PORT" -U postgres -D "$dir/data" -X stream -C -S "$slot" -R -c fast --no-sync
# Its own configuration (a Debian cluster keeps the primary's under /etc): a hot standby on $port, with the
# limits a standby must not have below the primary's, and no fsync (a throwaway copy).
{
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '%s'\n" "$port" "$dir"
  printf 'hot_standby = on\nhot_standby_feedback = on\nfsync = off\nshared_buffers = 32MB\n'
  for setting in max_connections max_worker_processes max_wal_senders max_prepared_transactions max_locks_per_transaction; do
    printf '%s = %s\n' "$setting" "$(admin "SHOW $setting")"
  done
} | as_postgres tee "$dir/data/postgresql.conf" >/dev/null
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' | as_postgres tee "$dir/data/pg_hba.conf" >/dev/null
as_postgres touch "$dir/data/pg_ident.conf"
as_postgres "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/replica.log" -w -t 120 start >/dev/null
echo "--- standby on 127.0.0.1:$port: in recovery $(psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -Atqc 'SELECT pg_is_in_recovery()')"

admin "CREATE DATABASE $db" >/dev/null
export DATABASE_URL="postgres://postgres@${PG_HOST}:${PG_PORT}/${db}"
export DATABASE_REPLICA_URL="postgres://postgres@127.0.0.1:${port}/${db}"
export REPLICA_PORT=$port
if [ "$#" -gt 0 ]; then
  echo "--- with the standby on 127.0.0.1:$port: $*"
  "$@"
else
  echo "--- replica tests (primary $PG_HOST:$PG_PORT, standby 127.0.0.1:$port, database $db)"
  npx mocha test/replica/*.test.ts
fi
