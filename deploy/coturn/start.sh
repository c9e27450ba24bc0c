#!/bin/sh
# Starts coturn with deploy/coturn/turnserver.conf: the entrypoint of deploy/compose.yaml's `turn`
# service and what the NAT lab (test/lab/servers.ts) runs inside its public namespace.
#   REWIND_TURN_SECRET       the shared secret (the page server signs credentials with it)
#   REWIND_TURN_EXTERNAL_IP  optional: the public address, when the server sits behind a 1:1 NAT (a cloud VM)
#   REWIND_TURN_CONF         optional: another config file (default: turnserver.conf beside this script)
# Extra arguments go to turnserver (the lab adds only a pid file of its own).
set -eu
conf="${REWIND_TURN_CONF:-$(dirname "$0")/turnserver.conf}"
: "${REWIND_TURN_SECRET:?set REWIND_TURN_SECRET to the same secret the page server uses}"
if [ -n "${REWIND_TURN_EXTERNAL_IP:-}" ]; then
  set -- --external-ip="$REWIND_TURN_EXTERNAL_IP" "$@"
fi
exec turnserver -c "$conf" --static-auth-secret="$REWIND_TURN_SECRET" "$@"
