#!/usr/bin/env bash
# A throwaway PostgreSQL server for the SQL store's tests (docs/control-stores.md):
#   scripts/postgres.sh start   makes a cluster in a temp directory, listening on 127.0.0.1 only,
#                               on a free port, with a random password; prints its URL. It refuses
#                               when one already runs there: its `stop` would end another's run
#   scripts/postgres.sh stop    stops it and removes the directory
#   scripts/postgres.sh url     prints the URL of the running one
#   scripts/postgres.sh restart [SECONDS]
#                               stops the running one at once, as a crash would (pg_ctl -m immediate: every
#                               connection cut, no checkpoint), stays down SECONDS (default 0), and starts it
#                               again on the same data and port: what it had committed comes back through recovery
# Uses Debian's binaries (/usr/lib/postgresql/<n>/bin; apt-get install -y postgresql). initdb refuses
# to run as root, so as root the cluster belongs to the `postgres` user (or `nobody`).
# TOOL_RESULT_PG_DIR names the directory (default: /tmp/tool-result-pg), so that stop finds what start made.
set -euo pipefail

dir="${TOOL_RESULT_PG_DIR:-/tmp/tool-result-pg}"
say() { echo "[postgres.sh] $*" >&2; }

bin_dir() {
  local found
  found="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)"
  if [ -z "$found" ] || [ ! -x "$found/initdb" ]; then
    say "no PostgreSQL binaries under /usr/lib/postgresql/*/bin (Debian: apt-get install -y postgresql)"
    exit 1
  fi
  echo "$found"
}

# Runs a command as the cluster's owner: ourselves, or an unprivileged user when we are root.
as_owner() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  else
    runuser -u "$owner" -- "$@"
  fi
}

pick_owner() {
  if [ "$(id -u)" -ne 0 ]; then
    id -un
  elif id postgres >/dev/null 2>&1; then
    echo postgres
  else
    echo nobody
  fi
}

running() {
  [ -f "$dir/url" ] && [ -f "$dir/data/postmaster.pid" ] && as_owner "$(bin_dir)/pg_ctl" status -D "$dir/data" >/dev/null 2>&1
}

# Never remove a directory this script did not make: TOOL_RESULT_PG_DIR could name anything.
ours_or_absent() {
  if [ -e "$dir" ] && [ ! -f "$dir/.tool-result-pg" ]; then
    say "$dir exists and was not made by this script: not touching it (set TOOL_RESULT_PG_DIR)"
    exit 1
  fi
}

free_port() {
  node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

owner="$(pick_owner)"

case "${1:-}" in
  start)
    if running; then
      say "a server already runs in $dir ($(cat "$dir/url" | sed 's#//trc:[^@]*@#//trc:…@#')): use scripts/postgres.sh url,"
      say "or set TOOL_RESULT_PG_DIR to another directory for a server of your own"
      exit 1
    fi
    bin="$(bin_dir)"
    ours_or_absent
    rm -rf "$dir"
    mkdir -p "$dir"
    chmod 700 "$dir"
    touch "$dir/.tool-result-pg"
    # A start that fails part way leaves nothing behind: the caller has no URL, so it will not call stop.
    trap 'as_owner "$bin/pg_ctl" stop -D "$dir/data" -m immediate >/dev/null 2>&1 || true; rm -rf "$dir"' EXIT
    password="$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
    printf '%s\n' "$password" >"$dir/password"
    [ "$(id -u)" -ne 0 ] || chown -R "$owner" "$dir"
    # scram on every connection, socket included: the URL with its password is the only way in.
    as_owner "$bin/initdb" -D "$dir/data" -U trc --pwfile="$dir/password" --auth=scram-sha-256 \
      -E UTF8 --no-locale --no-sync >"$dir/initdb.log" 2>&1 || {
      cat "$dir/initdb.log" >&2
      exit 1
    }
    port="$(free_port)"
    # Loopback only; the socket in the directory; fsync off: the data is thrown away after the run.
    cat >>"$dir/data/postgresql.conf" <<EOF
listen_addresses = '127.0.0.1'
port = $port
unix_socket_directories = '$dir'
max_connections = 200
fsync = off
synchronous_commit = off
full_page_writes = off
EOF
    as_owner "$bin/pg_ctl" start -w -t 60 -D "$dir/data" -l "$dir/server.log" >/dev/null || {
      cat "$dir/server.log" >&2
      exit 1
    }
    url="postgres://trc:$password@127.0.0.1:$port/postgres"
    printf '%s\n' "$url" >"$dir/url"
    trap - EXIT
    say "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port, data in $dir"
    echo "$url"
    ;;
  stop)
    ours_or_absent
    if [ -f "$dir/data/postmaster.pid" ]; then
      as_owner "$(bin_dir)/pg_ctl" stop -D "$dir/data" -m fast -w >/dev/null 2>&1 || say "pg_ctl stop failed; removing $dir anyway"
    fi
    rm -rf "$dir"
    ;;
  restart)
    if ! running; then
      say "not running (scripts/postgres.sh start)"
      exit 1
    fi
    bin="$(bin_dir)"
    as_owner "$bin/pg_ctl" stop -D "$dir/data" -m immediate -w >/dev/null
    sleep "${2:-0}"
    as_owner "$bin/pg_ctl" start -w -t 60 -D "$dir/data" -l "$dir/server.log" >/dev/null || {
      cat "$dir/server.log" >&2
      exit 1
    }
    ;;
  url)
    if running; then cat "$dir/url"; else
      say "not running (scripts/postgres.sh start)"
      exit 1
    fi
    ;;
  *)
    say "usage: scripts/postgres.sh start|stop|url|restart [SECONDS]"
    exit 2
    ;;
esac
