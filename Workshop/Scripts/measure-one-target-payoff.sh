#!/usr/bin/env bash
# The payoff of the one-target migration (Workshop/OneTarget), step by step: what testing the
# search feature costs and what a one-line change inside it rebuilds, on the start and after the
# steps that change it, measured in modules and in seconds.
#
#   Workshop/Scripts/measure-one-target-payoff.sh [--jobs N] [--steps "start 05 …"]   # measure, print the table
#   Workshop/Scripts/measure-one-target-payoff.sh --check                             # the table's module and test columns
#
# For each step (a tag of the replayed series), in a copy of its own:
#   - tests in isolation: the @Test functions of the module test targets whose files name no file
#     system or process (FileManager, a temporary directory, Process): the behaviour tests that
#     run without the network or the disk; the top-level tests, which run the executable, never
#     count;
#   - the search feature's tests: `swift build --target T` from a clean build folder, where T is
#     SearchFeatureTests once it exists and RoamTests (the executable's tests) before: the
#     modules it compiles and its seconds; then, once everything is built, `swift test
#     --skip-build --filter T`: its seconds;
#   - a one-line change inside the search screen (a statement in a function body), measured by
#     Workshop/Scripts/measure-rebuild.sh: the modules that recompile and the seconds of the rebuild;
#   - the baseline's length.
# Seconds come from one build at a time unless --jobs N measures N steps side by side (their
# seconds then share the machine). The table is printed with its date, command and toolchain.
#
#   --check   re-measures only what does not depend on the machine (tests in isolation, the
#             baseline, the modules the feature's tests compile and that the change recompiles
#             are left to the measuring run) and fails unless the migration guide's table has the
#             same tests-in-isolation and baseline columns
#
# The guide (docs/Voyage.docc/Migration.md) holds the table between the lines
# `<!-- one-target payoff table -->` and `<!-- end of one-target payoff table -->`.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
source "$(dirname "$0")/../../Scripts/lib/modules-built.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."
voyage=$PWD

usage() { script_usage; }
jobs=1
steps="start step-05 step-07 step-09 step-12 step-15 step-18"
check=0
while [ $# -gt 0 ]; do
  case "$1" in
    --jobs)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]?$ ]] \
        || { echo "Error: --jobs takes a number of builds at a time, 1 to 99" >&2; exit 64; }
      jobs=$2; shift 2 ;;
    --steps)
      [ $# -ge 2 ] || usage
      steps=$(for step in $2; do [ "$step" = start ] && echo start || echo "step-${step#step-}"; done | tr '\n' ' ')
      shift 2 ;;
    --check) check=1; shift ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; usage ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/one-target-payoff.XXXXXX")
trap 'rm -rf "$work"' EXIT
Workshop/Scripts/replay-migration.sh --example Workshop/OneTarget --into "$work/series" >/dev/null

seconds_since() { awk -v s="$1" -v e="$(date +%s%N)" 'BEGIN { printf "%.1f", (e - s) / 1e9 }'; }

# The columns that do not depend on the machine, for the step checked out in $1.
static_columns() {
  local copy=$1 isolated=0 file baseline=none
  while IFS= read -r file; do
    grep -qE 'FileManager|temporaryDirectory|Process\(' "$file" && continue
    isolated=$((isolated + $(grep -c '@Test' "$file" || true)))
  done < <(find "$copy/Tests" -path "$copy/Tests/Support" -prune -o -path "$copy/Tests/RoamTests" -prune \
    -o -name '*.swift' -print | sort)
  if [ -f "$copy/architecture-baseline.txt" ]; then
    baseline=$(grep -cEv '^[[:space:]]*(#|$)' "$copy/architecture-baseline.txt" || true)
  fi
  printf '%s\t%s\n' "$isolated" "$baseline"
}

# One step, measured in a copy of its own; prints one tab-separated line.
measure_step() {
  local tag=$1 copy=$work/$1 target file line build_log
  mkdir -p "$copy"
  git -C "$work/series" archive "$tag" | tar -xf - -C "$copy"
  local columns
  columns=$(static_columns "$copy")
  if [ "$check" -eq 1 ]; then printf '%s\t%s\n' "$tag" "$columns"; return; fi
  target=RoamTests
  [ -d "$copy/Tests/SearchFeatureTests" ] && target=SearchFeatureTests
  local started build_s test_s modules marker
  marker=$(build_marker)
  started=$(date +%s%N)
  build_log=$(cd "$copy" && swift build --target "$target" 2>&1) \
    || { echo "Error: $tag: swift build --target $target failed" >&2; tail -n 5 <<<"$build_log" >&2; return 1; }
  build_s=$(seconds_since "$started")
  modules=$(modules_built_since "$marker" "$copy/.build/debug" | grep -c . || true)
  rm -f "$marker"
  (cd "$copy" && swift build --build-tests >/dev/null 2>&1)
  started=$(date +%s%N)
  (cd "$copy" && swift test --skip-build --filter "$target" >/dev/null 2>&1)
  test_s=$(seconds_since "$started")
  # The one-line change: a statement at the start of the search screen's renderHeader.
  file=$(cd "$copy" && find Sources -name SearchScreen.swift | head -n 1)
  line=$(grep -n 'func renderHeader(' "$copy/$file" | cut -d: -f1)
  (cd "$copy" && git init -q . && git add -A && git -c user.name=m -c user.email=m@example.invalid commit -qm m)
  sed -i "$((line))a\\    _ = \"a one-line change\"" "$copy/$file"
  (cd "$copy" && git diff) >"$work/$tag.patch"
  (cd "$copy" && git checkout -q -- .)
  local rebuild
  rebuild=$("$voyage/Workshop/Scripts/measure-rebuild.sh" --json --patch "$work/$tag.patch" "$copy")
  local rebuilt rebuild_s
  rebuilt=$(python3 -c 'import json, sys; m = json.load(sys.stdin); print(len(m["modules_rebuilt"]), "of", m["modules_built"])' <<<"$rebuild")
  rebuild_s=$(python3 -c 'import json, sys; print("%.1f" % (json.load(sys.stdin)["rebuild_ms"] / 1000))' <<<"$rebuild")
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tag" "$columns" "$target" "$modules" "$build_s" "$test_s" "$rebuilt" "$rebuild_s"
}

running=0
status=0
for tag in $steps; do
  measure_step "$tag" >"$work/$tag.row" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then wait -n || status=1; running=$((running - 1)); fi
done
while [ "$running" -gt 0 ]; do wait -n || status=1; running=$((running - 1)); done
[ "$status" -eq 0 ] || { echo "payoff: a step could not be measured" >&2; exit 1; }

rows=$(for tag in $steps; do cat "$work/$tag.row"; done)
label() { [ "$1" = start ] && echo "start (one target)" || echo "after step ${1#step-}"; }
if [ "$check" -eq 1 ]; then
  guide=docs/Voyage.docc/Migration.md
  quoted=$(awk '/^<!-- end of one-target payoff table -->$/ { on = 0 } on { print } /^<!-- one-target payoff table -->$/ { on = 1 }' "$guide")
  expected=$(while IFS=$'\t' read -r tag isolated baseline; do
    printf '%s\t%s\t%s\n' "$(label "$tag")" "$isolated" "$baseline"; done <<<"$rows")
  actual=$(awk -F '|' 'NF > 2 && $2 !~ /the series|---/ { gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $3); gsub(/^ +| +$/, "", $10)
    print $2 "\t" $3 "\t" $10 }' <<<"$quoted")
  if [ "$expected" != "$actual" ]; then
    echo "payoff: the tests-in-isolation and baseline columns of $guide are not what the series has:" >&2
    diff <(printf '%s\n' "$actual") <(printf '%s\n' "$expected") >&2 || true
    exit 1
  fi
  echo "payoff: the guide's one-target table has the series' tests in isolation and baselines"
  exit 0
fi

printf 'Measured on %s with `Workshop/Scripts/measure-one-target-payoff.sh%s`, %s, one build at a time%s.\n\n' \
  "$(date -u +%Y-%m-%d)" "$([ "$jobs" -gt 1 ] && echo " --jobs $jobs")" \
  "$(swift --version 2>/dev/null | head -n 1 | sed 's/ (.*//')" "$([ "$jobs" -gt 1 ] && echo " per step, $jobs steps side by side")"
echo "| the series | tests in isolation | the search feature's tests | modules they build | seconds to build them | seconds to run them | recompiled after a one-line change in search | seconds | baseline |"
echo "|---|---|---|---|---|---|---|---|---|"
while IFS=$'\t' read -r tag isolated baseline target modules build_s test_s rebuilt rebuild_s; do
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$(label "$tag")" "$isolated" "$target" \
    "$modules" "$build_s" "$test_s" "$rebuilt" "$rebuild_s" "$baseline"
done <<<"$rows"
