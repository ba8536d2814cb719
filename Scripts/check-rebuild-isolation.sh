#!/usr/bin/env bash
# Proves the modularization promise: a change inside one module recompiles only what the
# dependency graph predicts. In a copy of the repository (so the working tree and its build are
# untouched), after a full debug build it makes three changes, one at a time, rebuilds, and reads
# which modules recompiled from SwiftPM's "Compiling <Module>" / "Emitting module <Module>" lines:
#
#   1. a function body inside SearchFeature          → exactly {SearchFeature}
#   2. a function body inside BookingData             → exactly {BookingData}
#   3. a new public declaration in SharedKernel       → SharedKernel and the modules that import it
#
# It fails unless each set is exactly the predicted one, and prints the sets and the times.
set -euo pipefail
cd "$(dirname "$0")/.."

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy"
cd "$copy"

seconds_since() { echo "$(( ($(date +%s%N) - $1) / 1000000 ))ms"; }

echo "full build…"
start=$(date +%s%N)
swift build >/dev/null
echo "  done in $(seconds_since "$start")"

# Which modules import SharedKernel directly (its non-test dependents), from the package graph.
importers_of() {
  swift package describe --type json | python3 -c '
import json, sys
module = sys.argv[1]
for target in json.load(sys.stdin)["targets"]:
    if target["type"] != "test" and module in target.get("target_dependencies", []):
        print(target["name"])' "$1"
}

rebuilt_modules() {
  swift build 2>&1 | sed -n -E 's/^\[[0-9]+\/[0-9]+\] (Compiling|Emitting module) ([A-Za-z0-9_]+).*/\2/p' | sort -u
}

failures=0
check() { # name, file, edit (a perl substitution), expected modules...
  local name=$1 file=$2 edit=$3
  shift 3
  local expected actual start
  expected=$(printf '%s\n' "$@" | sort -u)
  perl -0pi -e "$edit" "$file"
  start=$(date +%s%N)
  actual=$(rebuilt_modules)
  local took
  took=$(seconds_since "$start")
  if [ "$actual" = "$expected" ]; then
    echo "ok    $name: rebuilt {$(echo $actual | tr ' ' ',')} in $took"
  else
    echo "FAIL  $name: expected {$(echo $expected | tr ' ' ',')}, rebuilt {$(echo $actual | tr ' ' ',')} in $took"
    failures=$((failures + 1))
  fi
}

check "body of an internal function in SearchFeature" \
  Sources/Features/SearchFeature/SearchViewModel.swift \
  's/latestRequest \+= 1/latestRequest += 1\n    _ = "rebuild probe"/' \
  SearchFeature
check "body of an internal function in BookingData" \
  Sources/Infrastructure/BookingData/CoalescingBookingRepository.swift \
  's/nextWaiterID \+= 1/nextWaiterID += 1\n    _ = "rebuild probe"/' \
  BookingData
check "a new public declaration in SharedKernel" \
  Sources/Kernel/SharedKernel/Money.swift \
  's/\z/\n\/\/\/ A probe: a new public declaration.\npublic let rebuildProbe = 1\n/' \
  SharedKernel $(importers_of SharedKernel)

if [ "$failures" -gt 0 ]; then
  echo "rebuild isolation: $failures check(s) failed" >&2
  exit 1
fi
echo "rebuild isolation: every change rebuilt exactly what the graph predicts"
