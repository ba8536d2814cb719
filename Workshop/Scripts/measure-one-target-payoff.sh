#!/usr/bin/env bash
# The payoff of the one-target migration (Workshop/OneTarget), step by step: what testing the
# search feature costs and what a one-line change inside it rebuilds, on the start and after the
# steps that change it, measured in modules and in seconds.
#
#   Workshop/Scripts/measure-one-target-payoff.sh [--jobs N] [--steps "start 05 …"]   # measure, print the table
#   Workshop/Scripts/measure-one-target-payoff.sh --check [--recompiled FILE]         # the columns that do not depend on the machine
#   Workshop/Scripts/measure-one-target-payoff.sh --list-steps                        # the steps it measures, one a line
#
# For each step (a tag of the replayed series), in a copy of its own:
#   - tests in isolation: the @Test functions of the module test targets whose files name no file
#     system or process (FileManager, a temporary directory, Process): the behaviour tests that
#     run without the network or the disk; the top-level tests, which run the executable, never
#     count; of them, against doubles: those in files that import a test support module (a
#     module of doubles, `…TestSupport`), the others test values alone;
#   - the search feature's tests: `swift build --target T` from a clean build folder, where T is
#     SearchFeatureTests once it exists and RoamTests (the executable's tests) before: the
#     modules it compiles and its seconds; then, once everything is built, `swift test
#     --skip-build --filter T`: its seconds;
#   - a one-line change inside the search screen (a statement at the start of renderHeader's
#     body): the modules that recompile, of the modules a full build compiles, and the seconds of
#     the rebuild;
#   - the baseline's length.
# Seconds come from one build at a time unless --jobs N measures N steps side by side (their
# seconds then share the machine). The table is printed with its date, command and toolchain.
# The modules a build compiles are also read from the package graph (the target's dependencies,
# through the products of the packages it depends on); a measuring run fails if the build
# compiled other modules than the graph names, so the check below can trust the graph.
#
#   --check       re-counts what does not depend on the machine and fails unless the migration
#                 guide's table has it: tests in isolation, of them against doubles, the search
#                 feature's tests, the modules they build (from the graph), the modules a
#                 one-line change recompiles and of how many, and the baseline. The recompiled
#                 modules are measured (a full build of each step, then the change), unless
#   --recompiled FILE  gives them, "TAG<TAB>count" a line, as the replay's --check measures them
#                 on the steps it has built anyway
#   --list-steps  print the steps measured (the replay's --check asks)
#
# It uses git, python3, swift and POSIX tools only (no GNU date, no sed -i, no bash 4): shown on
# Linux (Swift 6.3.1), written to run on macOS too.
#
# The guide (docs/Voyage.docc/Migration.md) holds the table between the lines
# `<!-- one-target payoff table -->` and `<!-- end of one-target payoff table -->`.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
source "$(dirname "$0")/../../Scripts/lib/modules-built.sh"
set -euo pipefail
caller=$PWD
cd "$(dirname "$0")/../.."

usage() { script_usage; }
jobs=1
steps="start step-05 step-07 step-09 step-12 step-15 step-18"
check=0
recompiled_file=""
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
    --recompiled)
      [ $# -ge 2 ] || usage
      case "$2" in /*) recompiled_file=$2 ;; *) recompiled_file=$caller/$2 ;; esac
      [ -f "$recompiled_file" ] || { echo "Error: --recompiled takes a file of 'TAG<TAB>count' lines, not '$2'" >&2; exit 64; }
      shift 2 ;;
    --list-steps) tr ' ' '\n' <<<"$steps" | grep .; exit 0 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; usage ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/one-target-payoff.XXXXXX")
trap 'rm -rf "$work"' EXIT
Workshop/Scripts/replay-migration.sh --example Workshop/OneTarget --into "$work/series" >/dev/null

# Seconds since the epoch, with a fraction (no GNU date needed).
now() { python3 -c 'import time; print("%.3f" % time.time())'; }
seconds_since() { python3 -c 'import sys, time; print("%.1f" % (time.time() - float(sys.argv[1])))' "$1"; }

# The package graph of the package in $1: "closure<TAB>all", the modules a build of target $2
# compiles and the modules a full build (`swift build --build-tests`) compiles, each a count:
# targets that compile (libraries, executables, tests, macros), through product dependencies
# into the packages the package depends on.
graph_counts() {
  local copy=$1 target=$2
  (cd "$copy" && swift package describe --type json) >"$copy/.description.json"
  : >"$copy/.dependencies.json"
  (cd "$copy" && swift package show-dependencies --format json) | python3 -c '
import json, sys
def paths(package):
    for dependency in package.get("dependencies", []):
        print(dependency["path"]); paths(dependency)
paths(json.load(sys.stdin))' | while IFS= read -r path; do
    swift package --package-path "$path" describe --type json | python3 -c 'import json, sys; print(json.dumps(json.load(sys.stdin)))'
  done >"$copy/.dependencies.json"
  python3 - "$copy/.description.json" "$copy/.dependencies.json" "$target" <<'PYTHON'
import json, sys
root = json.load(open(sys.argv[1]))
compiled = {"library", "executable", "test", "macro"}
targets = {("", t["name"]): t for t in root["targets"]}
products = {}
for line in open(sys.argv[2]):
    package = json.loads(line)
    for t in package["targets"]:
        targets[(package["name"], t["name"])] = t
    for product in package.get("products", []):
        products[product["name"]] = [(package["name"], name) for name in product["targets"]]
def closure(key, seen):
    if key in seen: return
    seen.add(key)
    target = targets[key]
    for name in target.get("target_dependencies", []):
        closure((key[0], name), seen)
    for name in target.get("product_dependencies", []):
        for dependency in products.get(name, []):
            closure(dependency, seen)
def count(seen): return len([key for key in seen if targets[key]["type"] in compiled])
one, every = set(), set()
closure(("", sys.argv[3]), one)
for key in list(targets):
    if key[0] == "": closure(key, every)
print("%d\t%d" % (count(one), count(every)))
PYTHON
}

# The columns that do not depend on the machine, for the step checked out in $1 (its search
# feature's tests $2): "isolated<TAB>doubles<TAB>closure<TAB>all<TAB>baseline".
static_columns() {
  local copy=$1 target=$2 isolated=0 doubles=0 file tests baseline=none
  while IFS= read -r file; do
    grep -qE 'FileManager|temporaryDirectory|Process\(' "$file" && continue
    tests=$(grep -c '@Test' "$file" || true)
    isolated=$((isolated + tests))
    if grep -qE '^[[:space:]]*(@testable )?import [A-Za-z]+TestSupport[[:space:]]*$' "$file"; then
      doubles=$((doubles + tests))
    fi
  done < <(find "$copy/Tests" -path "$copy/Tests/Support" -prune -o -path "$copy/Tests/RoamTests" -prune \
    -o -name '*.swift' -print | sort)
  if [ -f "$copy/architecture-baseline.txt" ]; then
    baseline=$(grep -cEv '^[[:space:]]*(#|$)' "$copy/architecture-baseline.txt" || true)
  fi
  printf '%s\t%s\t%s\t%s\n' "$isolated" "$doubles" "$(graph_counts "$copy" "$target")" "$baseline"
}

# The one-line change in the copy $1, already built: a statement at the start of the search
# screen's renderHeader, built again. Prints "recompiled<TAB>milliseconds" and undoes it.
one_line_change() {
  local copy=$1 file line marker started
  file=$(cd "$copy" && find Sources -name SearchScreen.swift | head -n 1)
  line=$(grep -n 'func renderHeader(' "$copy/$file" | cut -d: -f1)
  cp "$copy/$file" "$copy/.original"
  awk -v at="$line" '{ print } NR == at { print "    _ = \"a one-line change\"" }' "$copy/.original" >"$copy/$file"
  marker=$(build_marker)
  started=$(now)
  (cd "$copy" && swift build --build-tests </dev/null >/dev/null 2>&1) \
    || { echo "Error: the one-line change does not build in $copy" >&2; rm -f "$marker"; return 1; }
  printf '%s\t%s\n' "$(modules_built_since "$marker" "$copy/.build/debug" | grep -c . || true)" "$(seconds_since "$started")"
  rm -f "$marker"
  mv "$copy/.original" "$copy/$file"
}

# One step, measured (or, with --check, counted) in a copy of its own; prints one tab-separated
# line: tag, the static columns, the feature's tests, then what the builds measured.
measure_step() {
  local tag=$1 copy=$work/$1 target columns closure all
  mkdir -p "$copy"
  git -C "$work/series" archive "$tag" | tar -xf - -C "$copy"
  target=RoamTests
  [ -d "$copy/Tests/SearchFeatureTests" ] && target=SearchFeatureTests
  columns=$(static_columns "$copy" "$target")
  closure=$(cut -f 3 <<<"$columns")
  all=$(cut -f 4 <<<"$columns")
  if [ "$check" -eq 1 ]; then
    local recompiled
    if [ -n "$recompiled_file" ]; then
      recompiled=$(awk -F '\t' -v t="$tag" '$1 == t { print $2 }' "$recompiled_file")
      [ -n "$recompiled" ] || { echo "Error: $recompiled_file has no count for $tag" >&2; return 1; }
    else
      (cd "$copy" && swift build --build-tests >/dev/null 2>&1) || { echo "Error: $tag does not build" >&2; return 1; }
      recompiled=$(one_line_change "$copy" | cut -f 1)
    fi
    printf '%s\t%s\t%s\t%s\n' "$tag" "$columns" "$target" "$recompiled"
    return
  fi
  local started build_s test_s modules marker built_all change
  marker=$(build_marker)
  started=$(now)
  (cd "$copy" && swift build --target "$target" >"$copy/.build.log" 2>&1) \
    || { echo "Error: $tag: swift build --target $target failed" >&2; tail -n 5 "$copy/.build.log" >&2; return 1; }
  build_s=$(seconds_since "$started")
  modules=$(modules_built_since "$marker" "$copy/.build/debug" | grep -c . || true)
  touch "$marker"
  (cd "$copy" && swift build --build-tests >/dev/null 2>&1)
  built_all=$(modules_built_since "$marker" "$copy/.build/debug" | grep -c . || true)
  rm -f "$marker"
  # The graph is what --check trusts: it must name what the builds compiled.
  if [ "$modules" -ne "$closure" ]; then
    echo "Error: $tag: building $target compiled $modules modules, the package graph names $closure" >&2
    return 1
  fi
  started=$(now)
  (cd "$copy" && swift test --skip-build --filter "$target" >/dev/null 2>&1)
  test_s=$(seconds_since "$started")
  change=$(one_line_change "$copy")
  # A full build after the target's compiles the rest: together, every module the graph names.
  if [ "$((modules + built_all))" -lt "$all" ]; then
    echo "Error: $tag: the builds compiled $((modules + built_all)) modules, the package graph names $all" >&2
    return 1
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tag" "$columns" "$target" "$modules" "$build_s" "$test_s" \
    "$(cut -f 1 <<<"$change")" "$(cut -f 2 <<<"$change")"
}

# The steps, $jobs at a time; each step's line in $work/TAG.row. Waits for the oldest step when
# $jobs are running (no `wait -n`, which bash 3.2 lacks).
pids=()
status=0
for tag in $steps; do
  measure_step "$tag" >"$work/$tag.row" &
  pids+=($!)
  if [ "${#pids[@]}" -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for pid in ${pids[@]+"${pids[@]}"}; do wait "$pid" || status=1; done
[ "$status" -eq 0 ] || { echo "payoff: a step could not be measured" >&2; exit 1; }

rows=$(for tag in $steps; do cat "$work/$tag.row"; done)
label() { [ "$1" = start ] && echo "start (one target)" || echo "after step ${1#step-}"; }
if [ "$check" -eq 1 ]; then
  guide=docs/Voyage.docc/Migration.md
  expected=$(while IFS=$'\t' read -r tag isolated doubles closure all baseline target recompiled; do
    printf '%s\t%s\t%s\t%s\t%s\t%s of %s\t%s\n' "$(label "$tag")" "$isolated" "$doubles" "$target" "$closure" \
      "$recompiled" "$all" "$baseline"; done <<<"$rows")
  actual=$(python3 - "$guide" <<'PYTHON'
import sys
lines = open(sys.argv[1]).read().split("\n")
start = lines.index("<!-- one-target payoff table -->")
end = lines.index("<!-- end of one-target payoff table -->")
rows = [[cell.strip() for cell in line.strip().strip("|").split("|")] for line in lines[start:end] if line.startswith("|")]
header = rows[0]
columns = ["the series", "tests in isolation", "of them, against doubles", "the search feature's tests",
           "modules they build", "recompiled after a one-line change in search", "baseline"]
missing = [column for column in columns if column not in header]
if missing:
    sys.exit("the table lacks the columns: " + ", ".join(missing))
for row in rows[2:]:
    print("\t".join(row[header.index(column)] for column in columns))
PYTHON
  )
  if [ "$expected" != "$actual" ]; then
    echo "payoff: the columns of $guide that do not depend on the machine are not what the series has (the series, tests in isolation, against doubles, the feature's tests, modules they build, recompiled, baseline):" >&2
    diff <(printf '%s\n' "$actual") <(printf '%s\n' "$expected") >&2 || true
    exit 1
  fi
  echo "payoff: the guide's one-target table has the series' counts: tests in isolation and against doubles, the feature's tests, the modules they build, the modules a one-line change recompiles, the baselines"
  exit 0
fi

printf 'Measured on %s with `Workshop/Scripts/measure-one-target-payoff.sh%s`, %s, on %s, one build at a time%s.\n\n' \
  "$(date -u +%Y-%m-%d)" "$([ "$jobs" -gt 1 ] && echo " --jobs $jobs")" \
  "$(swift --version 2>/dev/null | head -n 1 | sed 's/ (.*//')" "$(uname -s)" \
  "$([ "$jobs" -gt 1 ] && echo " per step, $jobs steps side by side")"
echo "| the series | tests in isolation | of them, against doubles | the search feature's tests | modules they build | seconds to build them | seconds to run them | recompiled after a one-line change in search | seconds | baseline |"
echo "|---|---|---|---|---|---|---|---|---|---|"
while IFS=$'\t' read -r tag isolated doubles closure all baseline target modules build_s test_s rebuilt rebuild_s; do
  printf '| %s | %s | %s | %s | %s | %s | %s | %s of %s | %s | %s |\n' "$(label "$tag")" "$isolated" "$doubles" \
    "$target" "$modules" "$build_s" "$test_s" "$rebuilt" "$all" "$rebuild_s" "$baseline"
done <<<"$rows"
