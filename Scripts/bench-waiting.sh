#!/usr/bin/env bash
# What waiting costs: CPU of a release `voyage search` whose supplier is a loopback server that
# never answers, or drips its answer a byte every half second, until the deadline ends it.
# Beside it, the same search against a server that answers at once (the start-up and the work,
# which the waiting figure subtracts). Run on purpose, never by the check suite.
#
#   Scripts/bench-waiting.sh [DEADLINE_SECONDS]     (default 4)
#
# Prints, for each server, the wall time, the CPU time (user + system) and the CPU spent per
# second of waiting, as a share of one core. The goal is under 5%.
set -euo pipefail
cd "$(dirname "$0")/.."
deadline=${1:-4}
[ -x /usr/bin/time ] || { echo "bench-waiting.sh needs GNU time (/usr/bin/time)" >&2; exit 2; }

swift build -c release --product voyage >/dev/null
voyage=$(swift build -c release --show-bin-path)/voyage
server=Tests/Support/LoopbackServers/misbehaving-http-server.py
home=$(mktemp -d)
pids=()
cleanup() { # each server ends when the `sleep` feeding its standard input does
  local pid
  for pid in "${pids[@]}"; do pkill -P "$pid" sleep 2>/dev/null || true; done
  rm -rf "$home"
}
trap cleanup EXIT

start_server() { # MODE → sets $port; the server lives as long as this script. Its standard
  # input is a pipe kept open by `sleep`, and its output a file, so nothing here waits on it.
  local log
  log="$home/server-$((${#pids[@]} + 1)).port"
  (sleep 600 | python3 -u "$server" "$1" >"$log") >/dev/null 2>&1 &
  pids+=($!)
  until grep -q 'port' "$log" 2>/dev/null; do sleep 0.05; done
  port=$(sed 's/port //' "$log")
}

measure() { # PORT → "wall cpu" in seconds
  VOYAGE_HOME="$home" NO_COLOR=1 VOYAGE_DEADLINE_SECONDS=$deadline \
    VOYAGE_SUPPLIER_URL="http://127.0.0.1:$1" /usr/bin/time -f '%e %U %S' "$voyage" search Lisbon \
    2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.2f %.2f", $1, $2 + $3 }' || true
}

empty='{"trips": [], "total_matches": 0}'
start_server "body:$empty"
read -r base_wall base_cpu <<<"$(measure "$port")"
printf '%s, deadline %s s, %s\n' "$(date -u +%F)" "$deadline" "$(uname -srm)"
printf '%-28s %8s %8s %14s\n' "supplier" "wall s" "CPU s" "CPU of a core"
printf '%-28s %8s %8s %14s\n' "answers at once (baseline)" "$base_wall" "$base_cpu" "-"
for mode in silent drip; do
  start_server "$mode"
  read -r wall cpu <<<"$(measure "$port")"
  share=$(awk -v w="$wall" -v c="$cpu" -v bw="$base_wall" -v bc="$base_cpu" \
    'BEGIN { waited = w - bw; share = waited > 0 ? 100 * (c - bc) / waited : 0; printf "%.1f%%", share }')
  printf '%-28s %8s %8s %14s\n' "$mode" "$wall" "$cpu" "$share"
done
