#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for tests: `pg-throwaway.sh start DIR` initialises DIR, starts
# the server on a free loopback port and prints its URL; `restart DIR` restarts it as after a crash
# (the same port and data); `pg-throwaway.sh stop DIR` stops it.
# Postgres refuses to run as root, so as root the cluster runs as the `postgres` system user.
set -euo pipefail
cmd=$1 dir=$2
bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
case "$cmd" in
  start)
    mkdir -p "$dir"
    if [ "$(id -u)" -eq 0 ]; then
      chown postgres "$dir"
      chmod o+x "$(dirname "$dir")" # mktemp -d makes 0700 dirs: let the postgres user through
    fi
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_pg "$bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300" start >/dev/null
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    ;;
  restart)
    # Immediate: like a crash, every connection is cut and the server replays its WAL on start.
    as_pg "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -m immediate -w restart >/dev/null
    ;;
  stop)
    as_pg "$bin/pg_ctl" -D "$dir/data" -m fast stop >/dev/null 2>&1 || true
    ;;
  *) echo "usage: $0 start|restart|stop DIR" >&2; exit 2 ;;
esac
