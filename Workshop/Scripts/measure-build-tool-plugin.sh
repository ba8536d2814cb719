#!/usr/bin/env bash
# What the architecture check in the build costs: two copies of Voyage, one as it is (every target
# applies the linter's build-tool plugin) and one with the plugin taken out of the manifest's
# `EveryTarget.plugins`. Each is built clean once (and once more, the build after a clean one,
# which links the plugin's tool again), then ROUNDS alternating rounds time, in each copy, a
# build with nothing changed and the build after a one-line change inside SearchFeature (a
# statement added to a function body). Prints the median and the range of each, in seconds,
# with the date. Run on purpose (about ten minutes on two cores), never by the check suite.
#
#   Workshop/Scripts/measure-build-tool-plugin.sh [ROUNDS]     (default 5)
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
case "${1:-}" in
  -h | --help) script_help; exit 0 ;;
  "" | [1-9] | [1-9][0-9]) rounds=${1:-5} ;;
  *) script_usage ;;
esac
cd "$(dirname "$0")/../.."

work=$(mktemp -d "${TMPDIR:-/tmp}/measure-build-tool-plugin.XXXXXX")
trap 'rm -rf "$work"' EXIT
for variant in with without; do
  mkdir "$work/$variant"
  git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$work/$variant"
done
# The copy without the check: the one list every target's plugins come from, emptied.
python3 - "$work/without/Package.swift" <<'EOF'
import re, sys
path = sys.argv[1]
text = open(path).read()
emptied = re.sub(r'(static var plugins: \[Target\.PluginUsage\] \{\n)\s*\[[^\]]*\]', r'\1    []', text)
if emptied == text:
    sys.exit("measure-build-tool-plugin: Package.swift has no EveryTarget.plugins to empty")
open(path, "w").write(emptied)
EOF

file=Sources/Features/SearchFeature/SearchFeature.swift
# A build, timed: seconds, with the shell's microsecond clock.
timed_build() { # folder
  local started=$EPOCHREALTIME
  (cd "$1" && swift build >/dev/null 2>&1) || { echo "the build in $1 failed" >&2; exit 1; }
  awk -v a="$started" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f\n", b - a }'
}
for variant in with without; do
  echo "measure-build-tool-plugin: building $variant the plugin, clean" >&2
  timed_build "$work/$variant" >/dev/null
  timed_build "$work/$variant" >/dev/null
done
declare -A samples
for round in $(seq 1 "$rounds"); do
  for variant in with without; do
    samples[$variant-none]+=" $(timed_build "$work/$variant")"
    # One statement more in the first function body that takes one: a body-only change.
    perl -0pi -e "s/(func [^{]*\{\n)/\${1}    _ = $round\n/" "$work/$variant/$file"
    samples[$variant-line]+=" $(timed_build "$work/$variant")"
  done
done
summary() { # samples…
  printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END {
    m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
    printf "median %5.2f s  range %.2f–%.2f s", m, v[1], v[NR] }'
}
echo "The build-tool plugin's cost, $rounds alternating rounds, $(date -u +%Y-%m-%d) ($(nproc) cores):"
for kind in none line; do
  label=$([ "$kind" = none ] && echo "nothing changed" || echo "one-line change in SearchFeature")
  # shellcheck disable=SC2086
  printf '  %-34s with: %s   without: %s\n' "$label" \
    "$(summary ${samples[with-$kind]})" "$(summary ${samples[without-$kind]})"
done
