#!/usr/bin/env bash
# Proves that the binary a person ships has no test hook: a default release build of `voyage`
# (no trait) holds no `VOYAGE_TEST_` string, while the check suite's own build, made with the
# FaultPoints trait, holds it (so the search is shown to find one). The release build goes to
# .build/shipping, so the check suite's build stays as it is.
#
#   Scripts/check-shipping-binary.sh    (after the check suite's build: swift build --traits FaultPoints)
#   Scripts/check-shipping-binary.sh --build-system swiftbuild   (both builds on that engine)
source "$(dirname "$0")/lib/script-help.sh"
set -euo pipefail
cd "$(dirname "$0")/.."
engine=()
case "${1:-}" in
  "") ;;
  --build-system)
    case "${2:-}" in
      native | swiftbuild) engine=(--build-system "$2") ;;
      *) script_usage ;;
    esac ;;
  -h | --help) script_help; exit 0 ;;
  *) script_usage ;;
esac

hook=VOYAGE_TEST_
tested=$(swift build "${engine[@]}" --show-bin-path)/voyage
[ -x "$tested" ] || { echo "no $tested: build first (swift build --traits FaultPoints)" >&2; exit 1; }
if ! grep -q -a "$hook" "$tested"; then
  echo "the check suite's voyage has no $hook string: was it built with --traits FaultPoints?" >&2
  exit 1
fi
shipping=(-c release --product voyage --scratch-path .build/shipping "${engine[@]}")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
swift build "${shipping[@]}" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
binary=$(swift build "${shipping[@]}" --show-bin-path)/voyage
if grep -a -o "${hook}[A-Z_]*" "$binary" | sort -u | grep .; then
  echo "the default release build of voyage holds a test hook (above): build it only under #if FaultPoints" >&2
  exit 1
fi
echo "shipping-binary: $binary has no $hook string; the check suite's $tested has"
