#!/usr/bin/env bash
# Times what a fresh CI clone pays for its first `swift package check-architecture`, side by side:
# with the linter compiled by the plugin (nothing vendored), and with a vendored artifact bundle
# (Scripts/build-artifact-bundle.sh, built once beforehand and not timed). Each run starts from a
# fresh clone of this repository and a consumer package with no .build folder, so SwiftPM compiles
# the consumer's manifest in both. Run on purpose, never by the check suite.
#
#   Scripts/bench-first-run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  "") ;;
  -h | --help) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/linter-first-run.XXXXXX")
trap 'rm -rf "$work"' EXIT
repository=$(git rev-parse --show-toplevel)
git clone --quiet "$repository" "$work/clone"
linter="$work/clone/ArchitectureLinter"

# A consumer of two targets, one import across them undeclared, and (when $2 is set) the bundle.
consumer() {
  local folder=$1 binary=${2:-}
  mkdir -p "$folder/Sources/Ledger" "$folder/Sources/Orders"
  echo 'public struct Entry {}' >"$folder/Sources/Ledger/Ledger.swift"
  printf 'import Ledger\nimport Foundation\n' >"$folder/Sources/Orders/Orders.swift"
  cat >"$folder/Package.swift" <<MANIFEST
// swift-tools-version: 6.2
import PackageDescription

let package = Package(
  name: "Consumer",
  dependencies: [.package(path: "$linter")],
  targets: [
    .target(name: "Ledger"),
    .target(name: "Orders"),$binary
  ]
)
MANIFEST
}

# Seconds, with milliseconds, of one command (its output discarded; findings exit 1).
seconds() {
  local started ended
  started=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  ended=$(date +%s%N)
  awk -v n=$((ended - started)) 'BEGIN { printf "%.1f", n / 1e9 }'
}

consumer "$work/compiled"
compiled=$(cd "$work/compiled" && seconds swift package check-architecture)
consumer "$work/vendored" '
    .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle"),'
"$linter/Scripts/build-artifact-bundle.sh" --output "$work/vendored/Tools" >/dev/null 2>&1
vendored=$(cd "$work/vendored" && seconds swift package check-architecture)
again=$(cd "$work/compiled" && seconds swift package check-architecture)

echo "first swift package check-architecture in a fresh clone ($(date +%F), $(nproc) cores, $(swift --version 2>/dev/null | head -n 1)):"
echo "  the plugin compiles the linter:      $compiled s"
echo "  a vendored artifact bundle:          $vendored s"
echo "  (the compiled one's second run:      $again s)"
