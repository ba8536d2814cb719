#!/usr/bin/env bash
# What a feature's developer waits for: for each feature, a clean build of its example (the
# feature run alone against the interfaces' doubles, `Sources/Examples/<Feature>Example`), of its
# tests, and of the whole app, side by side: modules compiled and seconds, measured by
# Workshop/Scripts/measure-build.sh (one build at a time, each from an empty build folder). Run on purpose,
# never by the check suite.
#
#   Workshop/Scripts/measure-feature-builds.sh [--repeat N] [--out DIR]
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."

repeat=1
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --repeat) [ $# -ge 2 ] || { echo "Error: --repeat needs a value (see --help)" >&2; exit 64; }
      repeat=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "Error: --out needs a value (see --help)" >&2; exit 64; }
      out=$2; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
out=${out:-.build/measure-feature-builds}
mkdir -p "$out"

description=$(swift package describe --type json)
# The app's executable (the App layer's), and each feature with its example's product.
app=$(swift Scripts/check-architecture.swift --list-targets <<<"$description" \
  | awk -F '\t' '$2 == "executable" && $3 == "App" { print $1; exit }')
rows=$(python3 -c '
import json, sys
description = json.load(sys.stdin)
products = {target: product["name"] for product in description["products"] for target in product["targets"]}
names = {target["name"] for target in description["targets"]}
for target in description["targets"]:
    if target["path"].startswith("Sources/Features/"):
        example = target["name"] + "Example"
        print(target["name"], products.get(example, "-"), target["name"] + "Tests" if target["name"] + "Tests" in names else "-")
' <<<"$description" | sort)
[ -n "$app" ] && [ -n "$rows" ] || { echo "Error: no App executable or no feature in this package" >&2; exit 1; }

# One clean build: "seconds (modules)" from measure-build.sh's summary.
clean_build() { # name, --product|--target, what
  "Workshop/Scripts/measure-build.sh" --clean-only --repeat "$repeat" --out "$out/$1" \
    --build-option "$2" --build-option "$3" >"$out/$1.md" 2>"$out/$1.log"
  python3 -c '
import json, statistics, sys
entry = json.loads(open(sys.argv[1]).readline())
modules = len(json.load(open(entry["timeline"]))["modules"])
seconds = statistics.median(entry["seconds"])
print(f"{seconds:.1f} s, {modules} modules")' "$out/$1/summary.jsonl"
}

echo "measure-feature-builds: clean builds of each feature's example, its tests and the app ($app)" >&2
whole=$(clean_build app --product "$app")
echo "  the whole app: $whole" >&2
lines=()
while read -r feature product tests; do
  example="-" tested="-"
  [ "$product" != - ] && example=$(clean_build "$feature-example" --product "$product")
  [ "$tests" != - ] && tested=$(clean_build "$feature-tests" --target "$tests")
  echo "  $feature: example $example; tests $tested" >&2
  lines+=("| $feature | $example | $tested | $whole |")
done <<<"$rows"

echo
echo "Workshop/Scripts/measure-feature-builds.sh, $(date +%F), $(nproc) cores, $(swift --version 2>/dev/null | head -n 1), median of $repeat clean build(s) each"
echo
echo "| feature | its example (\`swift build --product …-example\`) | its tests (\`--target …Tests\`) | the whole app (\`--product $app\`) |"
echo "|---|---|---|---|"
printf '%s\n' "${lines[@]}"
