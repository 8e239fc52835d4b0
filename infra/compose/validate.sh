#!/usr/bin/env bash
# Validates docker-compose.yml without a Docker engine (CI calls this). Exits non-zero on any failure.
#   1. with a dummy value for every required variable (`${VAR:?...}` in the file), `config -q` must pass;
#   2. with none of them set, `config -q` must fail: the secrets are required, not defaulted;
#   3. infra/compose/backing.yml (Postgres and Redis on loopback, for npm start) must pass `config -q`.
# A local .env is ignored (an empty --env-file), so the result does not depend on the machine.
# Uses Debian's docker-compose 1.29 (`apt-get install -y docker-compose`), or `docker compose` when present.
set -euo pipefail
cd "$(dirname "$0")/../.."

if command -v docker-compose >/dev/null 2>&1; then
  compose=(docker-compose)
elif docker compose version >/dev/null 2>&1; then
  compose=(docker compose)
else
  echo "validate.sh: neither docker-compose nor 'docker compose' is installed (apt-get install -y docker-compose)" >&2
  exit 2
fi

file=docker-compose.yml
no_env=$(mktemp)
trap 'rm -f "$no_env"' EXIT

# Every variable the file requires, e.g. POSTGRES_PASSWORD JWT_PRIVATE_KEY ADMIN_EMAIL ADMIN_PASSWORD SITE_URL.
mapfile -t required < <(grep -vE '^[[:space:]]*#' "$file" | grep -oE '\$\{[A-Za-z_][A-Za-z0-9_]*:\?' | sed -E 's/^\$\{//; s/:\?$//' | sort -u)
if [ "${#required[@]}" -eq 0 ]; then
  echo "validate.sh: $file requires no variable; the secrets must be written \${VAR:?message}" >&2
  exit 1
fi

set_args=()
unset_args=()
for name in "${required[@]}"; do
  set_args+=("$name=validate-dummy-value")
  unset_args+=(-u "$name")
done

echo "validate.sh: ${compose[*]} -f $file config -q  (required: ${required[*]})"
env "${set_args[@]}" "${compose[@]}" --env-file "$no_env" -f "$file" config -q

if env "${unset_args[@]}" "${compose[@]}" --env-file "$no_env" -f "$file" config -q >/dev/null 2>&1; then
  echo "validate.sh: FAIL: $file validates with the required secrets unset; they must be \${VAR:?message}" >&2
  exit 1
fi

echo "validate.sh: ${compose[*]} -f infra/compose/backing.yml config -q"
"${compose[@]}" --env-file "$no_env" -f infra/compose/backing.yml config -q

echo "validate.sh: OK"
