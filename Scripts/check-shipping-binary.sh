#!/usr/bin/env bash
# Proves that the binary a person ships has no test hook: a build of `voyage` without the
# FaultPoints trait holds no `VOYAGE_TEST_` string, while the check suite's own build, made with
# the trait, holds it (so the search is shown to find one). Without --built, it makes a default
# release build into .build/shipping, so the check suite's build stays as it is.
#
#   Scripts/check-shipping-binary.sh                     (after the check suite's build: swift build --traits FaultPoints)
#   Scripts/check-shipping-binary.sh --build-system swiftbuild   (the check suite's build is on that engine)
#   Scripts/check-shipping-binary.sh --built FOLDER      (checks FOLDER/voyage, built without the trait)
source "$(dirname "$0")/lib/script-help.sh"
set -euo pipefail
cd "$(dirname "$0")/.."
engine=()
built=""
while [ $# -gt 0 ]; do
  case "$1" in
    --build-system)
      case "${2:-}" in
        native | swiftbuild) engine=(--build-system "$2"); shift ;;
        *) script_usage ;;
      esac ;;
    --built) [ -n "${2:-}" ] || script_usage; built=$2; shift ;;
    -h | --help) script_help; exit 0 ;;
    *) script_usage ;;
  esac
  shift
done

hook=VOYAGE_TEST_
tested=$(swift build "${engine[@]}" --show-bin-path)/voyage
[ -x "$tested" ] || { echo "no $tested: build first (swift build --traits FaultPoints)" >&2; exit 1; }
if ! grep -q -a "$hook" "$tested"; then
  echo "the check suite's voyage has no $hook string: was it built with --traits FaultPoints?" >&2
  exit 1
fi
if [ -n "$built" ]; then
  binary=$built/voyage
  [ -x "$binary" ] || { echo "no $binary: build it first, without the FaultPoints trait" >&2; exit 1; }
else
  shipping=(-c release --product voyage --scratch-path .build/shipping)
  log=$(mktemp)
  trap 'rm -f "$log"' EXIT
  swift build "${shipping[@]}" >"$log" 2>&1 || { cat "$log" >&2; exit 1; }
  binary=$(swift build "${shipping[@]}" --show-bin-path)/voyage
fi
if grep -a -o "${hook}[A-Z_]*" "$binary" | sort -u | grep .; then
  echo "$binary, built without the FaultPoints trait, holds a test hook (above): build it only under #if FaultPoints" >&2
  exit 1
fi
echo "shipping-binary: $binary has no $hook string; the check suite's $tested has"
