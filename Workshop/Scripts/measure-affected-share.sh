#!/usr/bin/env bash
# What `check-architecture --affected` runs after a one-line change inside one feature, on the two
# apps beside Voyage: the size curve's synthetic app (Workshop/Scripts/generate-synthetic-app.py) in
# one target and in modules, and the one-target migration (Roam, Workshop/OneTarget, replayed) at
# the start and at the end of its series. Each change is a commit of its own in a scratch copy, and
# the linter names what `--affected HEAD~1` reaches there, so the figures are the same on every
# machine. Roam has test targets: the figure is the test targets reached, of all. The synthetic
# app has none: the figure is the targets reached, of all, each a module whose tests would run.
#
#   Workshop/Scripts/measure-affected-share.sh [--features "15 60 120"] [--minutes]  # print the figures
#   Workshop/Scripts/measure-affected-share.sh --check [--features "15 60 120"]      # fail unless the article quotes them
#
# The change: in the synthetic app, a line added to the first feature's use case (the file the
# size curve changes); in Roam, a statement at the start of the search screen's renderHeader (the
# change Workshop/Scripts/measure-one-target-payoff.sh builds).
#
#   --features "N …"  the synthetic app's sizes, in features (default: the size curve's, 15 60 120)
#   --check           fail unless docs/Voyage.docc/ModularizationLearningJourney.md says what this
#                     prints, size by size (so --check --features 120 checks the largest alone);
#                     the counts only, never the seconds of --minutes
#   --minutes         also Roam's test seconds: build each copy, with the change, once with its tests
#                     (`swift build --build-tests`), time each test target as
#                     `Workshop/Scripts/replay-affected-history.sh --measure-durations` does (one
#                     after another, `swift test --skip-build --filter '^TARGET\.'`), and print the
#                     seconds of the targets reached against all, wall and CPU (user and system);
#                     then one run of the targets reached together (as `Scripts/check.sh --affected`
#                     runs them) against one run of the whole suite, each the median of 3, which pay
#                     SwiftPM's start once: "(RoamTests, 0.7 of 0.7 s, CPU 0.7 of 0.7 s; in one run,
#                     0.5 of 0.5 s, CPU 0.5 of 0.5 s)". The wall seconds are what a developer waits,
#                     but grow with whatever else the machine runs; the CPU seconds grow less. The
#                     build is left out, and so is the first run after it (untimed: it costs about
#                     half a second more, whatever it runs). It takes a minute or more, and fails if
#                     a test target fails or runs no test.
#
# CHECK_ARCHITECTURE=PATH runs that compiled linter instead of compiling
# Scripts/check-architecture.swift once into the scratch folder (a minute or two).
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
source "$(dirname "$0")/../../Scripts/lib/compiled-linter.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."
repository=$PWD

features="15 60 120"
check=0
minutes=0
while [ $# -gt 0 ]; do
  case "$1" in
    --features)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]*( [1-9][0-9]*)*$ ]] \
        || { echo "Error: --features takes sizes in features, such as \"15 60 120\"" >&2; exit 64; }
      features=$2; shift 2 ;;
    --check) check=1; shift ;;
    --minutes) minutes=1; shift ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; script_usage ;;
  esac
done

work=$(mktemp -d "${TMPDIR:-/tmp}/affected-share.XXXXXX")
trap 'rm -rf "$work"' EXIT
compiled_linter "$work" "Error: the linter did not compile"

git_in() { git -C "$1" -c user.name=Voyage -c user.email=dev@voyage.example "${@:2}"; }

# The synthetic app's change: a line added at the end of the file $1.
add_a_line() { echo '// a one-line change' >>"$1"; }

# Roam's change: a statement at the start of renderHeader's body in the file $1.
add_a_statement() {
  local line
  line=$(grep -n 'func renderHeader(' "$1" | cut -d: -f1)
  [ -n "$line" ] || { echo "Error: $1 has no renderHeader" >&2; exit 1; }
  awk -v at="$line" '{ print } NR == at { print "    _ = \"a one-line change\"" }' "$1" >"$1.new"
  mv "$1.new" "$1"
}

# Commits the package in $1 as it is, then runs the rest of the arguments after $2 (a command
# that changes one line in it, run in it), commits that, and prints "reached<TAB>all<TAB>names"
# for the targets of kind $2 ("test", or "any" for every target): what `--affected HEAD~1`
# reaches, of how many.
reached_after() {
  local package=$1 kind=$2
  if [ ! -d "$package/.git" ]; then
    git_in "$package" init --quiet
    git_in "$package" add -A
    git_in "$package" commit --quiet -m "the app"
  fi
  (cd "$package" && "${@:3}")
  [ "$(git -C "$package" diff --numstat | awk '{ n += $1 + $2 } END { print n + 0 }')" -ge 1 ] \
    || { echo "Error: the change to $package changed nothing" >&2; exit 1; }
  git_in "$package" commit --quiet -am "a one-line change"
  (cd "$package" && swift package describe --type json) >"$work/description.json"
  (cd "$package" && "$linter" --affected HEAD~1 --format json <"$work/description.json") >"$work/affected.json"
  python3 - "$work/description.json" "$work/affected.json" "$kind" <<'EOF'
import json, sys
description, affected, kind = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), sys.argv[3]
counted = [t["name"] for t in description["targets"] if kind == "any" or t["type"] == kind]
reached = [t["name"] for t in affected["targets"] if t["name"] in counted]
if affected["every_target_because"]:
    sys.exit("Error: the change reached every target: " + "; ".join(affected["every_target_because"]))
print(f"{len(reached)}\t{len(counted)}\t{', '.join(sorted(reached))}")
EOF
}

# The synthetic app: one line added at the end of the first feature's use case.
single="" modules="" fragments=()
for count in $features; do
  for shape in single modules; do
    app=$work/synthetic-$count-$shape
    generated=$(python3 Workshop/Scripts/generate-synthetic-app.py --features "$count" --shape "$shape" --out "$app")
    file=$(awk -F '\t' '$1 == "feature-change" { print $2 }' <<<"$generated")
    file=${file#"$app"/}
    result=$(reached_after "$app" any add_a_line "$file")
    IFS=$'\t' read -r reached all names <<<"$result"
    printf 'synthetic app, %s features, %s:\t%s of %s targets\t%s\n' "$count" "$shape" "$reached" "$all" "$names" >&2
    if [ "$shape" = single ]; then
      [ "$reached" = "$all" ] || { echo "Error: in one target, the change reached $reached of $all targets" >&2; exit 1; }
      single="every target in one target ($reached of $all)"
    else
      modules+="${modules:+, }$reached of $all modules at $count features"
      fragments+=("$reached of $all modules at $count features")
      modules_names=$names
    fi
  done
done
synthetic="the size curve's app: $single, $modules ($modules_names)"
fragments+=("the size curve's app: $single," "modules at ${features##* } features ($modules_names)")

# Builds the package in $1 (the copy at the tag $2) with its tests, times each test target, and
# prints "W of ALL s, CPU C of ALL s; in one run, W of ALL s, CPU C of ALL s": the seconds of the
# targets named in $3 (", "-separated) against those of every test target, target by target, then
# of one run of them against one run of all ($4 is "reached of all", so a change that reaches
# every target is run once).
seconds_of() {
  local package=$1 tag=$2 names=$3 share=$4 durations=$work/durations-$2.tsv
  echo "building Roam at $tag with its tests…" >&2
  (cd "$package" && swift build --build-tests) >"$work/build-$tag.log" 2>&1 \
    || { tail -20 "$work/build-$tag.log" >&2; echo "Error: Roam at $tag did not build" >&2; exit 1; }
  # The first run after a build costs about half a second more, wall and CPU, whatever it runs:
  # one run of the whole suite, untimed, so that no target pays for it.
  swift test --package-path "$package" --skip-build >"$work/first-run-$tag.log" 2>&1 \
    || { tail -20 "$work/first-run-$tag.log" >&2; echo "Error: Roam's tests at $tag failed" >&2; exit 1; }
  echo "timing Roam's test targets at $tag (target, seconds, tests run, exit status, CPU seconds)…" >&2
  Workshop/Scripts/replay-affected-history.sh --measure-durations "$durations" "$package" >&2
  local target_by_target reached_run all_run
  target_by_target=$(python3 - "$durations" "$names" <<'EOF'
import sys
durations, names = sys.argv[1], sys.argv[2].split(", ")
rows = [line.rstrip("\n").split("\t") for line in open(durations)]
broken = [row[0] for row in rows if row[3] != "0" or row[2] == "0"]
if broken:
    sys.exit("Error: these test targets failed or ran no test: " + ", ".join(broken))
missing = sorted(set(names) - {row[0] for row in rows})
if missing:
    sys.exit("Error: no seconds for " + ", ".join(missing))
def total(column, only=None):
    return sum(float(row[column]) for row in rows if only is None or row[0] in only)
print(f"{total(1, names):.1f} of {total(1):.1f} s, CPU {total(4, names):.1f} of {total(4):.1f} s")
EOF
  )
  echo "timing one run of the whole suite, and one of the targets reached (median of 3 runs)…" >&2
  all_run=$(one_run "$package")
  if [ "${share% of *}" = "${share#* of }" ]; then
    reached_run=$all_run
  else
    reached_run=$(one_run "$package" --filter "^(${names//, /|})\\.")
  fi
  read -r reached_wall reached_cpu <<<"$reached_run"
  read -r all_wall all_cpu <<<"$all_run"
  echo "$target_by_target; in one run, $reached_wall of $all_wall s, CPU $reached_cpu of $all_cpu s"
}

# Runs `swift test --skip-build` in the package $1 with the rest of the arguments, three times, and
# prints the median of its wall seconds and that of its CPU seconds (user and system, its
# children's included), "WALL CPU": a run of well under a second is mostly SwiftPM's start, which
# a neighbour's burst of work can double; fails if a run fails or runs no test.
one_run() {
  local package=$1 status start end ran TIMEFORMAT='%3U %3S'
  : >"$work/one-run.seconds"
  for _ in 1 2 3; do
    status=0
    start=$(date +%s%N)
    { time swift test --package-path "$package" --skip-build "${@:2}" >"$work/one-run.log" 2>&1 || status=$?; } 2>"$work/one-run.cpu"
    end=$(date +%s%N)
    # Swift Testing's count, or XCTest's; SwiftPM only warns when a filter matches nothing.
    ran=$(grep -Eo 'Test run with [0-9]+ tests?|Executed [0-9]+ tests?' "$work/one-run.log" | grep -Eo '[0-9]+' | awk '{ n += $1 } END { print n + 0 }')
    [ "$status" -eq 0 ] && [ "$ran" -gt 0 ] || {
      tail -20 "$work/one-run.log" >&2
      echo "Error: swift test --skip-build ${*:2} in $package failed (exit $status) or ran no test" >&2
      exit 1
    }
    awk -v ns=$((end - start)) '{ printf "%.3f %.3f\n", ns / 1e9, $1 + $2 }' "$work/one-run.cpu" >>"$work/one-run.seconds"
    printf 'one run%s\t%s tests\t%s s, CPU %s s\n' "${2:+ $2 $3}" "$ran" $(tail -n 1 "$work/one-run.seconds") >&2
  done
  python3 - "$work/one-run.seconds" <<'EOF'
import statistics, sys
runs = [line.split() for line in open(sys.argv[1])]
print(" ".join(f"{statistics.median(float(run[column]) for run in runs):.1f}" for column in (0, 1)))
EOF
}

# Roam, replayed: the start and the last step.
Workshop/Scripts/replay-migration.sh --example Workshop/OneTarget --into "$work/series" >/dev/null
last=$(git -C "$work/series" tag --list 'step-[0-9][0-9]' | sort | tail -n 1)
roam="" roam_minutes=""
for tag in start "$last"; do
  copy=$work/roam-$tag
  git clone --quiet "$work/series" "$copy"
  git -C "$copy" checkout --quiet "$tag"
  file=$(cd "$copy" && find Sources -name SearchScreen.swift | head -n 1)
  [ -n "$file" ] || { echo "Error: $tag has no SearchScreen.swift" >&2; exit 1; }
  result=$(reached_after "$copy" test add_a_statement "$file")
  IFS=$'\t' read -r reached all names <<<"$result"
  printf 'Roam at %s:\t%s of %s test targets\t%s\n' "$tag" "$reached" "$all" "$names" >&2
  where=$([ "$tag" = start ] && echo "at the start" || echo "at the end")
  roam+="${roam:+, }$reached of $all test targets $where ($names)"
  if [ "$minutes" -eq 1 ]; then
    seconds=$(seconds_of "$copy" "$tag" "$names" "$reached of $all")
    roam_minutes+="${roam_minutes:+, }$reached of $all test targets $where ($names, $seconds)"
  fi
done
roam="Roam: $roam"
fragments+=("$roam")

echo "$synthetic"
if [ "$minutes" -eq 1 ]; then echo "Roam: $roam_minutes"; else echo "$roam"; fi
if [ "$check" -eq 1 ]; then
  article=docs/Voyage.docc/ModularizationLearningJourney.md
  status=0
  # Each size on its own, so a check of fewer sizes (--features 120) is a check too.
  for sentence in "${fragments[@]}"; do
    # The article wraps its lines: compare with its line breaks read as spaces.
    tr '\n' ' ' <"$article" | grep -qF -- "$sentence" || {
      echo "Error: $article does not say: $sentence" >&2
      status=1
    }
  done
  [ "$status" -eq 0 ] || echo "Write what the lines above say, from: Workshop/Scripts/measure-affected-share.sh" >&2
  exit "$status"
fi
echo "($(date -u +%Y-%m-%d), Workshop/Scripts/measure-affected-share.sh --features \"$features\"$([ "$minutes" -eq 0 ] || echo " --minutes"), $repository at $(git rev-parse --short HEAD))"
