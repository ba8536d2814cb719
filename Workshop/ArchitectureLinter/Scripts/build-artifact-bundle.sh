#!/usr/bin/env bash
# Builds check-architecture.artifactbundle: the linter's executable for this machine in the layout
# SwiftPM reads (SE-0305: info.json, and the binary under a folder per triple), so that a package
# that adds the linter runs it without compiling anything. Vendor the bundle (commit it, or fetch
# it in CI) and declare it in your manifest; the plugin runs it instead of compiling the linter:
#
#   targets: [ …, .binaryTarget(name: "CheckArchitectureBinary", path: "Tools/check-architecture.artifactbundle") ]
#
# The binary links the Swift runtime and Foundation statically (it runs on a machine of the same
# architecture and C library whatever its toolchain) and is stripped.
#
#   Scripts/build-artifact-bundle.sh                  # into the linter's .build/check-architecture.artifactbundle
#   Scripts/build-artifact-bundle.sh --output DIR     # into DIR/check-architecture.artifactbundle
#
# DIR is read from the folder the script is run in, as every path on a command line is.
set -euo pipefail

output=""
while [ $# -gt 0 ]; do
  case "$1" in
    --output) [ $# -ge 2 ] && [ -n "$2" ] || { echo "Error: --output needs a folder (see --help)" >&2; exit 64; }; output=$2; shift 2 ;;
    -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
# The folder the caller named, made absolute before the script moves to the linter's package.
case "$output" in
  "" | /*) ;;
  *) output="$PWD/$output" ;;
esac
cd "$(dirname "$0")/.."
output=${output:-.build}

version=$(sed -n 's/^ *public static let version = "\(.*\)"$/\1/p' Sources/ArchitectureLinter/Command/Invocation.swift)
[ -n "$version" ] || { echo "Error: no version in Sources/ArchitectureLinter/Command/Invocation.swift" >&2; exit 1; }
triple=$(swiftc -print-target-info | sed -n 's/^ *"unversionedTriple": "\(.*\)",$/\1/p' | head -n 1)
[ -n "$triple" ] || { echo "Error: swiftc -print-target-info names no triple" >&2; exit 1; }

echo "build-artifact-bundle: compiling check-architecture $version for $triple (release, static runtime)…" >&2
swift build -c release --product check-architecture --static-swift-stdlib \
  --scratch-path .build/artifact-bundle >&2
built=$(swift build -c release --static-swift-stdlib --scratch-path .build/artifact-bundle --show-bin-path)/check-architecture

mkdir -p "$output"
bundle="$output/check-architecture.artifactbundle"
# Built beside the old bundle and moved into place, so a failure never leaves half a bundle.
partial=$(mktemp -d "$output/.check-architecture.artifactbundle.XXXXXX")
trap 'rm -rf "$partial"' EXIT
variant="check-architecture-$version-$triple"
mkdir -p "$partial/$variant/bin"
cp "$built" "$partial/$variant/bin/check-architecture"
strip "$partial/$variant/bin/check-architecture"
cat >"$partial/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "check-architecture": {
      "type": "executable",
      "version": "$version",
      "variants": [
        { "path": "$variant/bin/check-architecture", "supportedTriples": ["$triple"] }
      ]
    }
  }
}
JSON
"$partial/$variant/bin/check-architecture" --version >/dev/null
rm -rf "$bundle"
mv "$partial" "$bundle"
trap - EXIT
echo "$bundle"
