#!/bin/sh
# Compose's `backup` service (docs/operations.md, "Backups"): in the postgres image, so its pg_dump and
# pg_restore are the server's own version. The same sets as `npm run backup` (infra/scripts/backup.mjs):
# $BACKUP_DIR/<UTC time>/<database>.dump (custom format) with a manifest.json, written as <time>.partial
# and renamed when complete, the newest $BACKUP_KEEP kept. Either restore reads either's sets.
#
#   schedule            a set now, then one every $BACKUP_INTERVAL_SECONDS (the service's command)
#   once                one set now:        docker compose exec backup coffee-backup once
#   list                the sets:           docker compose exec backup coffee-backup list
#   restore SET|latest [--replace] [DATABASE ...]
#                       docker compose stop catalog && docker compose run --rm backup restore latest --replace coffee_catalog
#
# Each database is restored into a fresh <database>_restoring in one transaction, then takes the name; one
# that existed (only with --replace) is kept as <database>_pre_restore_<time> until you drop it. The owner
# is the database's as it was, else the one the set recorded when that role exists, else the restoring user.
# Connects with libpq's PGHOST/PGUSER; the password from the file PGPASSWORD_FILE names (a Compose secret).
set -eu

BACKUP_DIR=${BACKUP_DIR:-/backups}
BACKUP_KEEP=${BACKUP_KEEP:-7}
BACKUP_INTERVAL_SECONDS=${BACKUP_INTERVAL_SECONDS:-86400}
BACKUP_DATABASES=${BACKUP_DATABASES:-coffee_catalog coffee_locations coffee_content coffee_auth}
if [ -n "${PGPASSWORD_FILE:-}" ]; then
  PGPASSWORD=$(cat "$PGPASSWORD_FILE")
  export PGPASSWORD
fi
SET_NAME='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}-[0-9]{2}-[0-9]{2}(\.[0-9]{3})?Z$'

log() { echo "backup: $*"; }
fail() { echo "backup: $*" >&2; exit 1; }
plain_name() { case "$1" in *[!a-z0-9_]* | [!a-z_]* | '') fail "not a plain database name: $1" ;; esac; }
sql() { psql -X -q -v ON_ERROR_STOP=1 --no-password --dbname=postgres "$@"; }
sets() { ls -1 "$BACKUP_DIR" 2>/dev/null | grep -E "$SET_NAME" | sort || true; }

backup_once() {
  mkdir -p "$BACKUP_DIR"
  name=$(date -u +%Y-%m-%dT%H-%M-%SZ)
  while [ -e "$BACKUP_DIR/$name" ]; do sleep 1; name=$(date -u +%Y-%m-%dT%H-%M-%SZ); done
  partial="$BACKUP_DIR/$name.partial"
  rm -rf "$partial"
  mkdir -p "$partial"
  entries=""
  for db in $BACKUP_DATABASES; do
    plain_name "$db"
    if ! pg_dump --format=custom --no-password --file="$partial/$db.dump" --dbname="$db"; then
      rm -rf "$partial"
      echo "backup: pg_dump of $db failed; no set written" >&2
      return 1
    fi
    owner=$(psql -X -A -t -q --no-password --dbname="$db" -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()")
    bytes=$(wc -c <"$partial/$db.dump" | tr -d ' ')
    entries="$entries${entries:+,}{\"name\":\"$db\",\"file\":\"$db.dump\",\"owner\":\"$owner\",\"bytes\":$bytes}"
    log "$db -> $BACKUP_DIR/$name/$db.dump ($bytes bytes)"
  done
  printf '{"takenAt":"%s","server":"%s","databases":[%s]}\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${PGHOST:-}" "$entries" >"$partial/manifest.json"
  mv "$partial" "$BACKUP_DIR/$name"
  total=$(sets | wc -l)
  if [ "$total" -gt "$BACKUP_KEEP" ]; then
    sets | sed -n "1,$((total - BACKUP_KEEP))p" | while read -r old; do
      rm -rf "${BACKUP_DIR:?}/$old"
      log "removed $old (keeping the newest $BACKUP_KEEP)"
    done
  fi
  log "done: $BACKUP_DIR/$name"
}

restore() {
  [ $# -ge 1 ] || fail "restore SET|latest [--replace] [DATABASE ...]"
  set_dir="$1"
  shift
  if [ "$set_dir" = latest ]; then
    latest=$(sets | tail -n 1)
    [ -n "$latest" ] || fail "no backup set in $BACKUP_DIR"
    set_dir="$BACKUP_DIR/$latest"
  elif [ ! -d "$set_dir" ]; then
    set_dir="$BACKUP_DIR/$set_dir"
  fi
  [ -f "$set_dir/manifest.json" ] || fail "$set_dir has no manifest.json: not a complete backup set"
  replace=0
  dbs=""
  for arg in "$@"; do
    case "$arg" in
      --replace) replace=1 ;;
      *) plain_name "$arg"; dbs="$dbs $arg" ;;
    esac
  done
  [ -n "$dbs" ] || dbs=$(cd "$set_dir" && ls -1 -- *.dump | sed 's/\.dump$//')
  for db in $dbs; do [ -f "$set_dir/$db.dump" ] || fail "$set_dir has no $db.dump"; done
  stamp=$(date -u +%Y%m%dt%H%M%S)
  me=$(sql -A -t -c "SELECT current_user")
  for db in $dbs; do
    plain_name "$db"
    owner=$(sql -A -t -c "SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = '$db'")
    exists=0
    [ -z "$owner" ] || exists=1
    if [ "$exists" = 1 ] && [ "$replace" = 0 ]; then
      fail "$db exists: stop its service, then run again with --replace (the current one is kept as ${db}_pre_restore_<time>)"
    fi
    if [ -z "$owner" ]; then
      # the owner the set recorded, when that role exists (the service's, docs/security.md), else whoever restores
      recorded=$(tr -d '\n' <"$set_dir/manifest.json" | grep -o "\"name\": *\"$db\"[^}]*" | sed -n 's/.*"owner": *"\([a-z0-9_]*\)".*/\1/p')
      owner=$(sql -A -t -c "SELECT rolname FROM pg_roles WHERE rolname = '${recorded:-}'")
      [ -n "$owner" ] || owner=$me
    fi
    revoke=false
    [ "$owner" = "$me" ] || revoke=true
    temp="${db}_restoring"
    sql -v temp="$temp" -v owner="$owner" -v revoke="$revoke" <<'SQL'
DROP DATABASE IF EXISTS :"temp" WITH (FORCE);
CREATE DATABASE :"temp" OWNER :"owner";
\if :revoke
REVOKE ALL ON DATABASE :"temp" FROM PUBLIC;
\endif
SQL
    # One transaction: a dump that does not restore whole leaves nothing, and the database as it was.
    if ! pg_restore --single-transaction --exit-on-error --no-password --dbname="$temp" "$set_dir/$db.dump"; then
      sql -v temp="$temp" -c 'DROP DATABASE IF EXISTS :"temp" WITH (FORCE)' >/dev/null 2>&1 || true
      fail "pg_restore of $db failed; $db is as it was"
    fi
    kept=""
    if [ "$exists" = 1 ]; then
      previous="${db}_pre_restore_${stamp}"
      sql -v db="$db" -v previous="$previous" >/dev/null <<'SQL'
ALTER DATABASE :"db" ALLOW_CONNECTIONS false;
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :'db' AND pid <> pg_backend_pid();
ALTER DATABASE :"db" RENAME TO :"previous";
ALTER DATABASE :"previous" ALLOW_CONNECTIONS true;
SQL
      kept="; the previous one is kept as $previous (DROP DATABASE \"$previous\" once the site works)"
    fi
    sql -v db="$db" -v temp="$temp" <<'SQL'
ALTER DATABASE :"temp" RENAME TO :"db";
SQL
    log "restored $db from $set_dir$kept"
  done
}

command=${1:-schedule}
[ $# -eq 0 ] || shift
case "$command" in
  schedule)
    log "a set every ${BACKUP_INTERVAL_SECONDS} s into $BACKUP_DIR, keeping $BACKUP_KEEP"
    while true; do
      backup_once || echo "backup: this run failed; the next is in ${BACKUP_INTERVAL_SECONDS} s" >&2
      sleep "$BACKUP_INTERVAL_SECONDS"
    done
    ;;
  once) backup_once ;;
  list) sets ;;
  restore) restore "$@" ;;
  *) fail "unknown command $command (schedule, once, list, restore)" ;;
esac
