#!/usr/bin/env bash
# Where modules start to pay, in seconds: the same synthetic travel app
# (Workshop/Scripts/generate-synthetic-app.py) at several sizes, in two shapes (one target organised in
# folders; modules by Voyage's rules), each built with Workshop/Scripts/measure-build.sh at 1 and 2 jobs:
# the clean build, the incremental build after a one-line change inside one feature, and after a
# change to a shared model. From the measured per-module times of the clean builds it simulates
# the clean build on 4, 8 and 16 cores (list scheduling over the module graph), and checks the
# simulation against the measured 1- and 2-job builds. Prints a table and writes a chart of seconds
# against size (DIR/size-curve.svg). Run on purpose, never by the check suite: the default sizes
# take about 40 minutes on 2 cores, two thirds of it the largest.
#
#   Workshop/Scripts/measure-size-curve.sh [--features "15 60 120"] [--repeat N] [--out DIR]
#
# --features are the app's sizes in features (about 320 lines each); --repeat is the builds of each
# kind (median reported; default 1).
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

features=(15 60 120)
repeat=1
out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --features) [ $# -ge 2 ] || { echo "Error: --features needs a value (see --help)" >&2; exit 64; }
      read -r -a features <<<"$2"; shift 2 ;;
    --repeat) [ $# -ge 2 ] || { echo "Error: --repeat needs a value (see --help)" >&2; exit 64; }
      repeat=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || { echo "Error: --out needs a value (see --help)" >&2; exit 64; }
      out=$2; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
for count in "${features[@]}"; do
  [[ "$count" =~ ^[1-9][0-9]*$ ]] || { echo "Error: --features takes positive numbers, not '$count'" >&2; exit 64; }
done
out=${out:-$(mktemp -d "${TMPDIR:-/tmp}/size-curve.XXXXXX")}
mkdir -p "$out"
out=$(cd "$out" && pwd)
echo "measure-size-curve: sizes ${features[*]} features, both shapes, 1 and 2 jobs, into $out" >&2

for count in "${features[@]}"; do
  for shape in single modules; do
    app=$out/$shape-$count
    rm -rf "$app"
    generated=$(python3 "$here/generate-synthetic-app.py" --features "$count" --shape "$shape" --out "$app")
    lines=$(awk -F '\t' '$1 == "lines" { print $2 }' <<<"$generated")
    feature=$(awk -F '\t' '$1 == "feature-change" { print $2 }' <<<"$generated")
    shared=$(awk -F '\t' '$1 == "shared-change" { print $2 }' <<<"$generated")
    echo "$lines" >"$app.lines"
    for jobs in 1 2; do
      echo "  $shape, $count features ($lines lines), --jobs $jobs…" >&2
      "$here/measure-build.sh" --package-path "$app" --repeat "$repeat" --jobs "$jobs" \
        --out "$app-j$jobs" --change "feature body:body:$feature" \
        --change "shared model:public:$shared" >"$app-j$jobs.md" 2>"$app-j$jobs.log"
    done
  done
done

python3 "$here/size-curve-report.py" "$out" "${features[@]}"
