#!/usr/bin/env bash
# A real S3-compatible server for the storage tests: a single-node OpenStack Swift (Debian packages) with
# its s3api middleware and tempauth, on 127.0.0.1 only. It checks SigV4 signatures, presigned URLs and
# multipart uploads like S3 does, which an npm fake cannot (they accept forged signatures).
#
#   scripts/s3-test-server.sh            install if missing, start if not running, print the settings
#   scripts/s3-test-server.sh --stop     stop the processes it started
#   eval "$(scripts/s3-test-server.sh --env)"   start, then export TEST_S3_* in the calling shell
#
# Settings (environment): S3_TEST_PORT (default 18081; the account, container and object servers and
# memcached take the four ports after it), S3_TEST_DIR (default /tmp/cardiomap-s3: config, rings, data,
# logs and pid files). Idempotent: when the proxy already answers, it only prints the settings.
set -euo pipefail

PORT="${S3_TEST_PORT:-18081}"
DIR="${S3_TEST_DIR:-/tmp/cardiomap-s3}"
ACCOUNT_PORT=$((PORT + 1))
CONTAINER_PORT=$((PORT + 2))
OBJECT_PORT=$((PORT + 3))
MEMCACHED_PORT=$((PORT + 4))
HOST=127.0.0.1
ACCESS_KEY='test:tester'
SECRET_KEY='testing'
BUCKET='cardiomap-test'
ENDPOINT="http://${HOST}:${PORT}"
MODE="${1:-}"

log() { if [ "$MODE" = "--env" ]; then echo "$*" >&2; else echo "$*"; fi; }

print_settings() {
  if [ "$MODE" = "--env" ]; then
    printf 'export TEST_S3_ENDPOINT=%q TEST_S3_ACCESS_KEY_ID=%q TEST_S3_SECRET_ACCESS_KEY=%q TEST_S3_BUCKET=%q\n' \
      "$ENDPOINT" "$ACCESS_KEY" "$SECRET_KEY" "$BUCKET"
  else
    echo "TEST_S3_ENDPOINT=$ENDPOINT"
    echo "TEST_S3_ACCESS_KEY_ID=$ACCESS_KEY"
    echo "TEST_S3_SECRET_ACCESS_KEY=$SECRET_KEY"
    echo "TEST_S3_BUCKET=$BUCKET"
  fi
}

proxy_answers() { curl -fsS -o /dev/null --max-time 2 "$ENDPOINT/healthcheck" 2>/dev/null; }

stop_all() {
  local stopped=()
  for pidfile in "$DIR"/run/*.pid; do
    [ -e "$pidfile" ] || continue
    pid="$(cat "$pidfile")"
    # Only a process of ours: after a restart the number may belong to something else.
    if tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qE "$DIR|-p $MEMCACHED_PORT"; then
      kill "$pid" 2>/dev/null && stopped+=("$pid")
    fi
    rm -f "$pidfile"
  done
  # Wait for them to let go of their ports, so a restart right after finds them free.
  for _ in $(seq 1 50); do
    local alive=0
    for pid in "${stopped[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && return 0
    sleep 0.1
  done
}

if [ "$MODE" = "--stop" ]; then
  stop_all
  echo "S3 test server stopped."
  exit 0
fi

if proxy_answers; then
  log "S3 test server already running at $ENDPOINT"
  print_settings
  exit 0
fi

if ! command -v swift-proxy-server >/dev/null 2>&1 || ! command -v memcached >/dev/null 2>&1 ||
  ! command -v swift-object-server >/dev/null 2>&1; then
  log "Installing OpenStack Swift and memcached (Debian packages)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq swift swift-proxy swift-object swift-container swift-account memcached curl >&2
fi

for p in "$PORT" "$ACCOUNT_PORT" "$CONTAINER_PORT" "$OBJECT_PORT" "$MEMCACHED_PORT"; do
  if (exec 3<>"/dev/tcp/$HOST/$p") 2>/dev/null; then
    echo "Port $p on $HOST is taken by another program: set S3_TEST_PORT to a free range of 5 ports." >&2
    exit 1
  fi
done

# A stale half-started set from an earlier run would hold files open: stop it and start clean.
stop_all
rm -rf "$DIR"
mkdir -p "$DIR/etc" "$DIR/srv/d1" "$DIR/run" "$DIR/log" "$DIR/cache"

cat >"$DIR/etc/swift.conf" <<EOF
[swift-hash]
swift_hash_path_suffix = cardiomap-test-suffix
swift_hash_path_prefix = cardiomap-test-prefix

[storage-policy:0]
name = Policy-0
default = yes
EOF

common_default() {
  cat <<EOF
[DEFAULT]
bind_ip = $HOST
bind_port = $1
workers = 1
# The servers otherwise drop to the swift user, which cannot write to the data folder made here.
user = $(id -un)
swift_dir = $DIR/etc
devices = $DIR/srv
mount_check = false
disable_fallocate = true
log_facility = LOG_LOCAL2
log_level = WARNING
recon_cache_path = $DIR/cache
EOF
}

for kind in account container object; do
  port_var="$(echo "$kind" | tr '[:lower:]' '[:upper:]')_PORT"
  {
    common_default "${!port_var}"
    cat <<EOF

[pipeline:main]
pipeline = $kind-server

[app:$kind-server]
use = egg:swift#$kind

[${kind}-replicator]
[${kind}-auditor]
[${kind}-updater]
EOF
  } >"$DIR/etc/$kind-server.conf"
done

{
  common_default "$PORT"
  cat <<EOF

[pipeline:main]
pipeline = catch_errors gatekeeper healthcheck proxy-logging cache listing_formats s3api tempauth copy slo dlo proxy-logging proxy-server

[app:proxy-server]
use = egg:swift#proxy
account_autocreate = true
allow_account_management = true

[filter:catch_errors]
use = egg:swift#catch_errors

[filter:gatekeeper]
use = egg:swift#gatekeeper

[filter:healthcheck]
use = egg:swift#healthcheck

[filter:proxy-logging]
use = egg:swift#proxy_logging

[filter:cache]
use = egg:swift#memcache
memcache_servers = $HOST:$MEMCACHED_PORT

[filter:listing_formats]
use = egg:swift#listing_formats

[filter:s3api]
use = egg:swift#s3api
location = us-east-1
# Browsers upload straight to the store: answer CORS preflights for the test bucket from any origin.
cors_preflight_allow_origin = *

[filter:tempauth]
use = egg:swift#tempauth
user_test_tester = $SECRET_KEY .admin

[filter:copy]
use = egg:swift#copy

[filter:slo]
use = egg:swift#slo

[filter:dlo]
use = egg:swift#dlo
EOF
} >"$DIR/etc/proxy-server.conf"

# Rings: one zone, one device, one replica, a small partition power; the three built side by side.
build_ring() {
  local kind="$1" port="$2"
  cd "$DIR/etc"
  swift-ring-builder "$kind.builder" create 6 1 1 >/dev/null
  swift-ring-builder "$kind.builder" add "r1z1-$HOST:$port/d1" 100 >/dev/null
  swift-ring-builder "$kind.builder" rebalance >/dev/null
}
build_ring account "$ACCOUNT_PORT" &
build_ring container "$CONTAINER_PORT" &
build_ring object "$OBJECT_PORT" &
wait
for kind in account container object; do
  [ -s "$DIR/etc/$kind.ring.gz" ] || { echo "Building the $kind ring failed." >&2; exit 1; }
done

start() {
  local name="$1"
  shift
  # setsid: the servers outlive this script (and CI's shell) until --stop or the machine goes.
  setsid "$@" >"$DIR/log/$name.log" 2>&1 </dev/null &
  echo $! >"$DIR/run/$name.pid"
}

start memcached memcached -l "$HOST" -p "$MEMCACHED_PORT" -U 0 -m 64 -u root
start account swift-account-server "$DIR/etc/account-server.conf" --verbose
start container swift-container-server "$DIR/etc/container-server.conf" --verbose
start object swift-object-server "$DIR/etc/object-server.conf" --verbose
start proxy swift-proxy-server "$DIR/etc/proxy-server.conf" --verbose

for _ in $(seq 1 60); do
  proxy_answers && break
  sleep 0.5
done
if ! proxy_answers; then
  echo "The S3 test server did not start; logs in $DIR/log:" >&2
  tail -n 20 "$DIR"/log/*.log >&2 || true
  exit 1
fi

# The test bucket, through Swift's own API (tempauth token), with CORS so a browser may PUT to it.
auth_headers="$(curl -fsS -D - -o /dev/null -H "X-Auth-User: $ACCESS_KEY" -H "X-Auth-Key: $SECRET_KEY" \
  "$ENDPOINT/auth/v1.0")"
token="$(echo "$auth_headers" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-auth-token"{print $2}')"
storage_url="$(echo "$auth_headers" | tr -d '\r' | awk -F': ' 'tolower($1)=="x-storage-url"{print $2}')"
for _ in $(seq 1 20); do
  if curl -fsS -o /dev/null -X PUT -H "X-Auth-Token: $token" \
    -H 'X-Container-Meta-Access-Control-Allow-Origin: *' \
    -H 'X-Container-Meta-Access-Control-Expose-Headers: ETag' \
    "$storage_url/$BUCKET"; then
    break
  fi
  sleep 0.5
done

log "S3 test server (Swift s3api) running at $ENDPOINT, data in $DIR"
print_settings
