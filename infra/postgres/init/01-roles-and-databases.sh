#!/bin/sh
# Run once by the postgres image's entrypoint, when the data volume is empty (first `docker compose up`).
# Each service owns one database and creates its own tables through its migrations (the migrate-<service>
# one-shots of docker-compose.yml), so this script only makes the four databases and, least privilege
# (docs/security.md, "Database roles"), a login role per service that owns its database and nothing else:
# no superuser, no CREATEDB/CREATEROLE, and no CONNECT for anyone else. Each role's password is read from
# the URL the service itself is given (the Compose secret /run/secrets/<service>_database_url,
# postgres://<service>:<password>@postgres:5432/coffee_<service>), so the two cannot disagree.
# Without that secret (infra/compose/backing.yml, for npm start) the database is made owned by postgres.
# A database added later on an existing volume is made by hand the same way (docs/compose.md).
set -eu

create_database() {
  db="$1"
  role="$2"
  url_file="/run/secrets/${role}_database_url"
  if [ -r "$url_file" ]; then
    url=$(cat "$url_file")
    user=$(printf '%s' "$url" | sed -n 's#^postgres[a-z]*://\([^:/@]*\):[^@]*@.*#\1#p')
    password=$(printf '%s' "$url" | sed -n 's#^postgres[a-z]*://[^:/@]*:\([^@]*\)@.*#\1#p')
    if [ "$user" != "$role" ] || [ -z "$password" ]; then
      echo "$url_file: expected postgres://$role:<password>@postgres:5432/$db" >&2
      exit 1
    fi
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v role="$role" -v password="$password" -v db="$db" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password' NOSUPERUSER NOCREATEDB NOCREATEROLE;
CREATE DATABASE :"db" OWNER :"role";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
SQL
    echo "created database $db owned by the role $role"
  else
    psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres -v db="$db" <<'SQL'
CREATE DATABASE :"db";
SQL
    echo "created database $db (no $url_file: owned by $POSTGRES_USER)"
  fi
}

create_database coffee_catalog catalog
create_database coffee_locations locations
create_database coffee_content content
create_database coffee_auth auth
