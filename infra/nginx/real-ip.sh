#!/bin/sh
# Renders the edge's trusted load balancers (docs/compose.md, "Client addresses") before nginx starts:
# one `set_real_ip_from` per entry of EDGE_TRUSTED_PROXIES (IP addresses and CIDRs, comma-separated) into
# EDGE_REAL_IP_CONF, which infra/nginx/nginx.conf includes. The official nginx image runs it from
# /docker-entrypoint.d/; infra/resilience/edge.test.mjs runs it for the test's own nginx.
# Empty (the default): no address is trusted, the client address is the connection's ($remote_addr).
# An entry that is not an address or a CIDR stops the container: nothing else reaches the config.
set -euf

out="${EDGE_REAL_IP_CONF:-/etc/nginx/real-ip.conf}"
list="${EDGE_TRUSTED_PROXIES:-}"

{
  echo "# Rendered by real-ip.sh from EDGE_TRUSTED_PROXIES at start; do not edit."
  old_ifs=$IFS
  IFS=','
  for entry in $list; do
    # trim spaces and tabs
    entry=$(printf '%s' "$entry" | tr -d ' \t')
    [ -z "$entry" ] && continue
    case "$entry" in
      *[!0-9A-Fa-f:./]*) bad=1 ;;
      *) bad=0 ;;
    esac
    if [ "$bad" = 1 ] || ! printf '%s\n' "$entry" | grep -Eq '^([0-9]{1,3}(\.[0-9]{1,3}){3}(/[0-9]{1,2})?|[0-9A-Fa-f:]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?)$'; then
      echo "real-ip.sh: EDGE_TRUSTED_PROXIES: \"$entry\" is not an IP address or CIDR" >&2
      exit 1
    fi
    echo "set_real_ip_from $entry;"
  done
  IFS=$old_ifs
} > "$out.tmp"
mv "$out.tmp" "$out"
echo "real-ip.sh: $(grep -c '^set_real_ip_from' "$out" || true) trusted load balancer address(es) in $out"
