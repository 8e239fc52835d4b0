#!/bin/sh
# Writes the secret files docker-compose.yml mounts (Compose `secrets:`, read by the apps through `*_FILE`
# variables, docs/compose.md "Secrets") into ./secrets/, ignored by git. A file that exists is kept, so
# running it again only adds what is missing; delete a file to make a new one (docs/compose.md says what
# each change needs). Needs openssl.
#
#   bash infra/compose/secrets.sh
#
#   secrets/postgres_password       the postgres superuser (the backup service; never an app)
#   secrets/<service>_database_url  postgres://<service>:<password>@postgres:5432/coffee_<service>, one per
#                                   service: its own role, owner of its database only (infra/postgres/init)
#   secrets/jwt_private_key         auth's Ed25519 signing key (PEM)
#   secrets/admin_password          the first administrator's password (ADMIN_EMAIL in .env)
#   secrets/client_address_secret   the key the BFF signs visitors' addresses with for auth (both read it)
#   secrets/preview_secret          the key the BFF signs the admin's draft preview links with
#
# The folder is yours alone (0700); the files are readable (0644) because each container reads its own
# as a user of its own (postgres, node): the folder's mode keeps other users of the host out.
set -eu
cd "$(dirname "$0")/../.."
dir=secrets
mkdir -p "$dir"
chmod 700 "$dir"

hex() { openssl rand -hex "$1"; }
write() {
  if [ -e "$dir/$1" ]; then
    echo "kept   $dir/$1"
    return
  fi
  printf '%s\n' "$2" >"$dir/$1"
  chmod 644 "$dir/$1"
  echo "wrote  $dir/$1"
}

# Hex only: a password inside a URL needs no escaping.
write postgres_password "$(hex 24)"
for service in catalog locations content auth; do
  write "${service}_database_url" "postgres://${service}:$(hex 24)@postgres:5432/coffee_${service}"
done
if [ -e "$dir/jwt_private_key" ]; then
  echo "kept   $dir/jwt_private_key"
else
  openssl genpkey -algorithm ed25519 -out "$dir/jwt_private_key"
  chmod 644 "$dir/jwt_private_key"
  echo "wrote  $dir/jwt_private_key"
fi
write admin_password "$(hex 16)"
write client_address_secret "$(hex 32)"
write preview_secret "$(hex 32)"
echo "The first administrator signs in with ADMIN_EMAIL (.env) and the password in $dir/admin_password."
