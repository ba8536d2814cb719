#!/usr/bin/env bash
# End-to-end latency of `voyage search` and `voyage checkout` from process start, in a release
# build, with the default catalog and catalogs 10× and 100× larger. Run on purpose, never by the
# check suite. Prints the median of repeated runs and the peak resident memory.
#
#   Scripts/bench-cli.sh [RUNS]     (default 15 runs per figure)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-15}

swift build -c release --product voyage >/dev/null
voyage=.build/release/voyage
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
export VOYAGE_HOME="$home" NO_COLOR=1

median_ms() { # command... → median wall time in ms over $runs runs
  local times=() i start
  for ((i = 0; i < runs; i++)); do
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1 || true
    times+=($((($(date +%s%N) - start) / 1000)))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk -v n="$runs" 'NR == int((n + 1) / 2) { printf "%.1f", $1 / 1000 }'
}

peak_mb() { # command... → peak resident memory in MB (GNU time), or n/a
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }'
  else
    printf 'n/a'
  fi
}

printf '%-10s %8s %12s %12s %14s %14s\n' catalog trips "search ms" "search MB" "checkout ms" "checkout MB"
for per in 50 500 5000; do
  export VOYAGE_SANDBOX_TRIPS_PER_DESTINATION=$per
  trip=$("$voyage" search Lisbon --json | grep -m1 -B1 '"sold_out" : false' >/dev/null; "$voyage" search Lisbon --limit 100 --json |
    awk -F'"' '/"id"/ { id = $4 } /"sold_out" : false/ { print id; exit }')
  search_ms=$(median_ms "$voyage" search Lisbon)
  search_mb=$(peak_mb "$voyage" search Lisbon)
  key=0
  checkout() {
    key=$((key + 1))
    "$voyage" checkout "$trip" --card 4242424242424242 --expiry 12/30 --name Bench \
      --idempotency-key "bench-$per-$key-$RANDOM"
  }
  checkout_ms=$(median_ms checkout)
  checkout_mb=$(peak_mb "$voyage" checkout "$trip" --card 4242424242424242 --expiry 12/30 --name Bench --idempotency-key "bench-$per-mem")
  printf '%-10s %8d %12s %12s %14s %14s\n' "$per/dest" $((per * 49)) "$search_ms" "$search_mb" "$checkout_ms" "$checkout_mb"
done
echo
echo "goal: search under 50 ms and under 40 MB on the default catalog (50 trips per destination)"
