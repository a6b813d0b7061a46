#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the test suite (CI, or your machine):
#
#   eval "$(bash tests/pg/cluster.sh start)"   # prints export STOREFRONT_TEST_DATABASE_URL=…
#   npm run test:pg
#   bash tests/pg/cluster.sh stop
#
# Needs Debian's `postgresql` package (apt-get install -y postgresql); nothing else is touched:
# the cluster lives in a temporary folder, listens on a free port on 127.0.0.1 only, trusts local
# connections, and `stop` deletes it. initdb refuses to run as root, so as root it runs as the
# `postgres` user the package creates.
set -euo pipefail

STATE=${STOREFRONT_PG_STATE:-/tmp/storefront-pg}

bin_dir() {
  local ctl
  ctl=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
  if [ -z "$ctl" ] || [ ! -x "$ctl/initdb" ]; then
    echo "PostgreSQL's server programs are not installed: apt-get install -y postgresql" >&2
    exit 1
  fi
  echo "$ctl"
}

as_owner() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

case "${1:-}" in
  start)
    bin=$(bin_dir)
    if [ -f "$STATE/port" ] && as_owner "$bin/pg_ctl" -D "$STATE/data" status >/dev/null 2>&1; then
      echo "export STOREFRONT_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$(cat "$STATE/port")/postgres"
      exit 0
    fi
    rm -rf "$STATE"
    mkdir -p "$STATE"
    [ "$(id -u)" -eq 0 ] && chown postgres "$STATE"
    port=$(free_port)
    as_owner "$bin/initdb" -D "$STATE/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$STATE/initdb.log" 2>&1 \
      || { cat "$STATE/initdb.log" >&2; exit 1; }
    # Tests open many short-lived pools in parallel; fsync off is for a throwaway cluster only.
    as_owner "$bin/pg_ctl" -D "$STATE/data" -l "$STATE/server.log" -w \
      -o "-p $port -k $STATE -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null || { cat "$STATE/server.log" >&2; exit 1; }
    echo "$port" >"$STATE/port"
    echo "export STOREFRONT_TEST_DATABASE_URL=postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$STATE/data" ]; then
      as_owner "$(bin_dir)/pg_ctl" -D "$STATE/data" -m fast stop >/dev/null 2>&1 || true
    fi
    rm -rf "$STATE"
    ;;
  *)
    echo "usage: bash tests/pg/cluster.sh start|stop" >&2
    exit 2
    ;;
esac
