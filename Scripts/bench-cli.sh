#!/usr/bin/env bash
# End-to-end latency of `voyage search` and `voyage checkout` from process start, in a release
# build, with the default catalog and catalogs 10× and 100× larger. Run on purpose, never by the
# check suite. Prints the median of repeated runs and the peak resident memory.
#
#   Scripts/bench-cli.sh [--static] [RUNS]     (default 15 runs per figure)
#
# --static measures the build linked with the Swift runtime and Foundation statically
# (`swift build -c release --static-swift-stdlib`, which needs libcurl's headers: libcurl4-openssl-dev
# on Debian), and builds the floor's hello worlds the same way (`swiftc -static-stdlib`).
set -euo pipefail
cd "$(dirname "$0")/.."
static=()
if [ "${1:-}" = "--static" ]; then
  static=(--static-swift-stdlib --scratch-path .build/static)
  shift
fi
runs=${1:-15}

swift build -c release --product voyage "${static[@]}" >/dev/null
voyage=$(swift build -c release "${static[@]}" --show-bin-path)/voyage
home=$(mktemp -d)
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
    { /usr/bin/time -f %M "$@" 2>&1 >/dev/null || true; } | tail -n 1 | awk '{ printf "%.1f", $1 / 1024 }'
  else
    printf 'n/a'
  fi
}

# The floor, built the same way and timed the same way: a Foundation "hello", the same hello
# that also links FoundationNetworking (as every binary with a URLSession transport must), and
# `voyage --version`, which does nothing but start.
floor=$(mktemp -d)
trap 'rm -rf "$home" "$floor"' EXIT
printf 'import Foundation\nprint("hello \\(ProcessInfo.processInfo.processIdentifier > 0)")\n' \
  >"$floor/hello.swift"
printf '%s\n' 'import Foundation' '#if canImport(FoundationNetworking)' \
  '  import FoundationNetworking' '#endif' 'print("hello \(String(describing: URLSession.self).count)")' \
  >"$floor/hello-networking.swift"
link=()
[ ${#static[@]} -eq 0 ] || link=(-static-stdlib)
swiftc -O "${link[@]}" "$floor/hello.swift" -o "$floor/hello"
swiftc -O "${link[@]}" "$floor/hello-networking.swift" -o "$floor/hello-networking"
printf '%-44s %8s %10s\n' "start-up floor (median of $runs)" "ms" "libraries"
hello_ms=$(median_ms "$floor/hello")
networking_ms=$(median_ms "$floor/hello-networking")
printf '%-44s %8s %10s\n' "Foundation hello world" "$hello_ms" "$(ldd "$floor/hello" | wc -l)"
printf '%-44s %8s %10s\n' "the same, linking FoundationNetworking" "$networking_ms" \
  "$(ldd "$floor/hello-networking" | wc -l)"
printf '%-44s %8s %10s\n' "voyage --version" "$(median_ms "$voyage" --version)" \
  "$(ldd "$voyage" | wc -l)"
echo

printf '%-10s %8s %12s %12s %14s %14s\n' catalog trips "search ms" "search MB" "checkout ms" "checkout MB"
for per in 50 500 5000; do
  export VOYAGE_SANDBOX_TRIPS_PER_DESTINATION=$per
  # Checkouts sell places for real, so each buys one place on the next of the bookable trips.
  # awk reads to the end (no early exit), so voyage never dies of a closed pipe under pipefail.
  mapfile -t trips < <("$voyage" search Lisbon --limit 100 --json |
    awk -F'"' '/"id"/ { id = $4 } /"sold_out" : false/ { print id }')
  trip=${trips[0]}
  search_ms=$(median_ms "$voyage" search Lisbon)
  search_mb=$(peak_mb "$voyage" search Lisbon)
  key=0
  checkout() {
    key=$((key + 1))
    "$voyage" checkout "${trips[key % ${#trips[@]}]}" --card 4242424242424242 --expiry 12/30 --name Bench \
      --idempotency-key "bench-$per-$key-$RANDOM"
  }
  checkout_ms=$(median_ms checkout)
  checkout_mb=$(peak_mb "$voyage" checkout "$trip" --card 4242424242424242 --expiry 12/30 --name Bench --idempotency-key "bench-$per-mem")
  printf '%-10s %8d %12s %12s %14s %14s\n' "$per/dest" $((per * 49)) "$search_ms" "$search_mb" "$checkout_ms" "$checkout_mb"
done
echo
echo "goal: search under 50 ms and under 40 MB on the default catalog (50 trips per destination);"
echo "of every figure above, $(awk -v a="$networking_ms" -v b="$hello_ms" 'BEGIN { printf "%.1f", a - b }') ms is loading FoundationNetworking (the first two floor lines)"
