#!/usr/bin/env bash
# Remakes tests/fixtures/release-<commit>.sql.gz: the database of a previous release, for the upgrade
# test (tests/server/ops/upgrade.test.ts). That release's own code runs its own migrations and demo data
# on a PostgreSQL database, the demo exchange signs documents through its API, and pg_dump writes the
# result as plain SQL with INSERTs (loadable by PGlite and PostgreSQL alike). Run it once per release
# that an upgrade must start from; the tree's node_modules serves the older code.
#   scripts/ops/make-release-fixture.sh 5003122     (OPS_PG_URL, default postgres://postgres@127.0.0.1:5432)
set -euo pipefail
commit="${1:?usage: $0 <release commit>}"
root="$(cd "$(dirname "$0")/../.." && pwd)"
pg="${OPS_PG_URL:-postgres://postgres@127.0.0.1:5432}"
port="${OPS_PORT:-20850}"
work="$(mktemp -d)"
trap 'kill "${server:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT
git -C "$root" archive "$commit" | tar -x -C "$work"
ln -s "$root/node_modules" "$work/node_modules"
psql "$pg/postgres" -qc "drop database if exists hujjat_ops_release with (force)" -c "create database hujjat_ops_release"
(cd "$work" && PORT=$port HOST=127.0.0.1 DATA_DIR="$work/.data" DEMO=on LOG_LEVEL=warn WEB_ROOT=/nonexistent \
  DATABASE_URL="$pg/hujjat_ops_release" EIMZO_WS_PORT=$((port + 1)) EIMZO_EMULATOR_SERVER_PORT=$((port + 2)) \
  node --import tsx scripts/serve.ts) &
server=$!
until curl -sf "http://127.0.0.1:$port/api/health" >/dev/null; do sleep 1; done
(cd "$work" && HUJJAT_URL="http://127.0.0.1:$port" node --import tsx scripts/demo-exchange.ts)
kill "$server"; wait "$server" || true
# Without psql's meta-commands (\restrict, \unrestrict of newer pg_dump): plain SQL for any client.
pg_dump --format=plain --inserts --no-owner --no-privileges --no-comments "$pg/hujjat_ops_release" |
  grep -v '^\\' | gzip -9 > "$root/tests/fixtures/release-$commit.sql.gz"
psql "$pg/postgres" -qc "drop database hujjat_ops_release with (force)"
ls -l "$root/tests/fixtures/release-$commit.sql.gz"
