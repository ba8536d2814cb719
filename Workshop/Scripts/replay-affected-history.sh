#!/usr/bin/env bash
# What `check-architecture --affected` would have saved on a package's own history: for each of the
# last N commits of the current branch, the test targets that `--affected C^` reaches at the commit
# C, against every test target C has. One line a commit, then the share of test targets run
# (median and range) and, given each test target's seconds, the minutes run against the whole suite.
#
#   Workshop/Scripts/replay-affected-history.sh [--commits N] [--durations FILE] [--reads-from REV] [--json] [PACKAGE]
#   Workshop/Scripts/replay-affected-history.sh --measure-durations FILE [PACKAGE] [-- SWIFT_TEST_OPTIONS…]
#
# The commits are `git rev-list --topo-order --max-count=N HEAD`: the side branches' commits as
# well as the merges. A merge is compared with its first parent, the branch it was merged into, as a pull
# request's CI compares with its base. The root commit has no parent and is left out. Each commit
# is checked out in a scratch clone (never the package's own folder); the package's description is
# SwiftPM's at that commit (reused while no manifest changes), and the linter judges it as it
# would have: a change to a manifest, to the configuration, to a path dependency or to a file in
# no target's folder reaches every target. With --reads-from REV, the configuration's "reads" is
# the one at REV (its entries that name targets the commit lacks left out), so a history older
# than that map is replayed as if the map had been there (a commit without architecture.json is
# replayed as it is).
#
# Minutes: --measure-durations FILE runs, in PACKAGE as it is built, `swift test --skip-build
# --filter '^TARGET\.'` once for each test target, one after another, and writes its wall seconds
# (tab-separated: target, seconds, tests run, exit status, then the run's CPU seconds, user and
# system, which a busy machine inflates less than the wall's). A commit's minutes are the sum of its
# reached targets' seconds: each target costs what it costs today, whatever the commit, and a
# target that no longer exists counts as unmeasured (0 s, marked). What that leaves out: the
# build (with --skip-build each run reuses one), and the steps other than tests.
#
# What the replay proves and what it does not. It checks that every test target whose own files a
# commit changed is reached: a test fixed or changed is run (exit 1 otherwise). It lists each commit
# that changes a test target's files alone (nothing the target depends on changed) whose parent's
# run left that target out: a test fixed after the fact is the one way the history itself shows
# a suite that may have failed unseen (read each). It cannot prove that no
# commit whose whole suite failed would have passed, since no commit's result is recorded. That
# holds when the graph and "reads" name every input of every test: the compiler's explicit import
# check holds the graph to the imports, AffectedTestTargetsTests what a module's change reaches;
# an input a test reads at run time that "reads" lacks is not seen here.
#
# Options:
#   --commits N            how many commits, newest first (default 100)
#   --durations FILE       each test target's seconds, as --measure-durations writes them
#   --reads-from REV       take architecture.json's "reads" from REV for every commit
#   --json                 one JSON document instead of text
#   --measure-durations FILE
#                          time each test target of PACKAGE, which must be built with its tests
#   -h, --help             this text
#
# CHECK_ARCHITECTURE=PATH runs that compiled linter instead of compiling Scripts/check-architecture.swift
# once into the scratch folder (a minute or two).
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
source "$(dirname "$0")/../../Scripts/lib/compiled-linter.sh"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

refuse() {
  echo "replay-affected-history: $1" >&2
  echo "Run 'Workshop/Scripts/replay-affected-history.sh --help' for its options." >&2
  exit 64
}

commits=100 durations="" reads_from="" json=0 measure="" package=. test_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --commits)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]{0,4}$ ]] || refuse "--commits needs a whole number from 1 to 99999"
      commits=$2; shift 2 ;;
    --durations) [ $# -ge 2 ] || refuse "--durations needs a file"; durations=$2; shift 2 ;;
    --reads-from) [ $# -ge 2 ] || refuse "--reads-from needs a revision"; reads_from=$2; shift 2 ;;
    --json) json=1; shift ;;
    --measure-durations) [ $# -ge 2 ] || refuse "--measure-durations needs a file to write"; measure=$2; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    --) shift; test_options=("$@"); break ;;
    -*) refuse "unknown option '$1'" ;;
    *) package=$1; shift ;;
  esac
done
[ -d "$package" ] || refuse "'$package' is not a folder"
package=$(cd "$package" && pwd)
[ ${#test_options[@]} -eq 0 ] || [ -n "$measure" ] || refuse "options after -- are for swift test, with --measure-durations"
[ -z "$durations" ] || [ -f "$durations" ] || refuse "--durations: no file '$durations' (write one with --measure-durations)"
root=$(git -C "$package" rev-parse --show-toplevel 2>/dev/null) || refuse "'$package' is not in a git repository"
prefix=$(git -C "$package" rev-parse --show-prefix)
if [ -n "$reads_from" ]; then
  git -C "$package" rev-parse --verify --quiet "$reads_from^{commit}" >/dev/null \
    || refuse "--reads-from: '$reads_from' is no commit of $root"
fi

# The test targets of a description on standard input, one a line.
test_targets() {
  python3 -c 'import json, sys
for target in json.load(sys.stdin)["targets"]:
    if target["type"] == "test":
        print(target["name"])'
}

if [ -n "$measure" ]; then
  : >"$measure" || refuse "--measure-durations: cannot write '$measure'"
  measure=$(cd "$(dirname "$measure")" && pwd)/$(basename "$measure")
  cd "$package"
  mapfile -t targets < <(swift package describe --type json | test_targets | sort)
  [ ${#targets[@]} -gt 0 ] || refuse "'$package' has no test target"
  log=$(mktemp) cpu_log=$(mktemp)
  trap 'rm -f "$log" "$cpu_log"' EXIT
  TIMEFORMAT='%3U %3S'
  for target in "${targets[@]}"; do
    start=$(date +%s%N)
    status=0
    # Bash's `time` counts the CPU of the run's children too (the test binary SwiftPM starts).
    { time swift test --skip-build "${test_options[@]}" --filter "^$target\." >"$log" 2>&1 || status=$?; } 2>"$cpu_log"
    end=$(date +%s%N)
    cpu=$(awk '{ printf "%.1f", $1 + $2 }' "$cpu_log")
    # Swift Testing's count, or XCTest's; SwiftPM only warns when a filter matches nothing.
    ran=$(grep -Eo 'Test run with [0-9]+ tests?|Executed [0-9]+ tests?' "$log" | grep -Eo '[0-9]+' | awk '{ n += $1 } END { print n + 0 }')
    seconds=$(awk -v ns=$((end - start)) 'BEGIN { printf "%.1f", ns / 1e9 }')
    printf '%s\t%s\t%s\t%s\t%s\n' "$target" "$seconds" "$ran" "$status" "$cpu" | tee -a "$measure"
    [ "$status" -eq 0 ] || { echo "  $target failed (exit $status); its log:" >&2; tail -20 "$log" >&2; }
  done
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/replay-affected.XXXXXX")
trap 'rm -rf "$work"' EXIT
compiled_linter "$work" "replay-affected-history: the linter did not compile"
# HEAD once, before the clone, so a commit made meanwhile is neither half in nor in the way.
head=$(git -C "$root" rev-parse HEAD)
git clone --quiet --no-checkout "$root" "$work/clone"
clone=$work/clone/$prefix
mapfile -t history < <(git -C "$root" rev-list --topo-order --max-count="$commits" "$head")
reads_configuration=""
if [ -n "$reads_from" ]; then
  reads_configuration=$work/reads-from.json
  git -C "$root" show "$reads_from:${prefix}architecture.json" >"$reads_configuration" 2>/dev/null \
    || refuse "--reads-from: $reads_from has no ${prefix}architecture.json"
fi

# One record a commit: hash, parents, subject, the description's file, the linter's report and
# its standard error, the files the commit changed. python3 reads them all at the end.
mkdir -p "$work/descriptions" "$work/commits"
index=0
for commit in "${history[@]}"; do
  index=$((index + 1))
  record=$work/commits/$(printf '%05d' "$index")
  mkdir -p "$record"
  git -C "$root" log -1 --format='%H%n%h%n%P%n%cI%n%s' "$commit" >"$record/commit"
  if ! git -C "$root" rev-parse --verify --quiet "$commit^" >/dev/null; then
    echo "root" >"$record/skipped"
    continue
  fi
  git -C "$work/clone" checkout --quiet --detach --force "$commit"
  git -C "$work/clone" clean --quiet -fd
  # Every manifest of the tree, the path dependencies' too, names the description.
  key=$(git -C "$root" ls-tree -r "$commit" | awk '$4 ~ /(^|\/)Package(@swift-[^\/]*)?\.swift$/' | git hash-object --stdin)
  description=$work/descriptions/$key.json
  if [ ! -f "$description" ]; then
    (cd "$clone" && swift package describe --type json >"$description.partial" 2>"$record/describe.err") \
      && mv "$description.partial" "$description" \
      || { echo "describe" >"$record/skipped"; continue; }
  fi
  echo "$description" >"$record/description"
  options=(--affected "$commit^" --format json)
  # A commit without a configuration has no layers to take the map into: it is replayed as it is.
  if [ -n "$reads_configuration" ] && [ -f "$clone/architecture.json" ]; then
    python3 - "$clone/architecture.json" "$reads_configuration" "$description" >"$record/configuration.json" <<'EOF'
import json, sys
own, reads_from, description = (json.load(open(path)) for path in sys.argv[1:])
names = {target["name"] for target in description["targets"]}
own["reads"] = [entry for entry in reads_from.get("reads", []) if set(entry["targets"]) <= names]
json.dump(own, sys.stdout, indent=2)
EOF
    options+=(--config "$record/configuration.json")
  fi
  status=0
  (cd "$clone" && "$linter" "${options[@]}" <"$description" >"$record/affected.json" 2>"$record/affected.err") || status=$?
  echo "$status" >"$record/status"
  git -C "$root" diff --name-only --no-renames "$commit^" "$commit" >"$record/changed"
  if [ -t 2 ]; then printf '\r%d of %d commits' "$index" "${#history[@]}" >&2; fi
done
if [ -t 2 ]; then printf '\n' >&2; fi

python3 - "$work/commits" "$durations" "$json" "$prefix" "$commits" "$reads_from" <<'EOF'
import json, os, statistics, sys

folder, durations_file, as_json, prefix, asked, reads_from = sys.argv[1:]
seconds = {}
if durations_file:
    for line in open(durations_file):
        fields = line.rstrip("\n").split("\t")
        if len(fields) >= 2:
            seconds[fields[0]] = float(fields[1])

rows, problems = [], []
for name in sorted(os.listdir(folder)):
    record = os.path.join(folder, name)
    read = lambda file: open(os.path.join(record, file)).read()
    full, short, parents, date, subject = read("commit").split("\n")[:5]
    merge = len(parents.split()) > 1
    if os.path.exists(os.path.join(record, "skipped")):
        why = read("skipped").strip()
        if why != "root":
            problems.append(f"{short}: swift package describe failed: {read('describe.err').strip()[:200]}")
        continue
    status = int(read("status"))
    if status != 0:
        problems.append(f"{short}: the linter exited {status}: {read('affected.err').strip()[:300]}")
        continue
    description = json.load(open(read("description").strip()))
    tests = {t["name"]: t for t in description["targets"] if t["type"] == "test"}
    report = json.loads(read("affected.json"))
    reached = sorted(t["name"] for t in report["targets"] if t["kind"] == "test")
    everything = report.get("every_target_because") or []
    # A test target whose own files the commit changed must be among the reached ones.
    changed = [line[len(prefix):] for line in read("changed").split("\n") if line.startswith(prefix) and line]
    own = sorted(
        name for name, target in tests.items()
        if any(path.startswith(target["path"] + "/") for path in changed))
    missed = sorted(set(own) - set(reached))
    # The test targets whose own files changed while nothing they depend on did: a test changed
    # alone, as one is when it is fixed after the code it tests changed in an earlier commit.
    dependencies = {t["name"]: t.get("target_dependencies", []) for t in description["targets"]}
    def closure(name):
        seen, pending = set(), list(dependencies.get(name, []))
        while pending:
            target = pending.pop()
            if target not in seen:
                seen.add(target)
                pending += dependencies.get(target, [])
        return seen
    reached_targets = {t["name"] for t in report["targets"]}
    alone = sorted(name for name in own if not everything and not closure(name) & reached_targets)
    unmeasured = sorted(name for name in tests if durations_file and name not in seconds)
    rows.append({
        "commit": short, "full": full, "parent": parents.split()[0], "date": date,
        "subject": subject, "merge": merge,
        "test_targets": len(tests), "reached": reached, "changed_test_targets": own, "changed_alone": alone,
        "missed_changed_test_targets": missed, "everything_because": everything,
        "seconds": sum(seconds.get(name, 0) for name in reached) if durations_file else None,
        "all_seconds": sum(seconds.get(name, 0) for name in tests) if durations_file else None,
        "unmeasured": unmeasured,
    })

# A commit that changes a test target's files alone may be fixing what its parent broke. When
# the parent's run left that target out, the parent's whole suite may have failed where its
# reached tests passed: each such pair is listed, to be read, since no commit's result is recorded.
by_hash = {r["full"]: r for r in rows}
follow_ups = [
    {"commit": r["commit"], "parent": by_hash[r["parent"]]["commit"], "test_target": name,
     "subject": r["subject"], "parent_subject": by_hash[r["parent"]]["subject"]}
    for r in rows if r["parent"] in by_hash
    for name in r["changed_alone"] if name not in by_hash[r["parent"]]["reached"]
]

def summary(values):
    return {"median": statistics.median(values), "min": min(values), "max": max(values)} if values else None

shares = [len(r["reached"]) / r["test_targets"] for r in rows if r["test_targets"]]
minutes = [r["seconds"] / 60 for r in rows if r["seconds"] is not None]
all_minutes = [r["all_seconds"] / 60 for r in rows if r["all_seconds"] is not None]
result = {
    "commits": len(rows), "asked": int(asked), "reads_from": reads_from or None,
    "merges": sum(r["merge"] for r in rows),
    "everything": sum(bool(r["everything_because"]) for r in rows),
    "no_test_target": sum(not r["reached"] for r in rows),
    "share": summary(shares), "minutes": summary(minutes), "all_minutes": summary(all_minutes),
    "missed_changed_test_targets": sum(len(r["missed_changed_test_targets"]) for r in rows),
    "follow_ups": follow_ups,
    "not_replayed": problems, "rows": rows,
}
if as_json == "1":
    json.dump(result, sys.stdout, indent=2)
    print()
    sys.exit(1 if result["missed_changed_test_targets"] else 0)

print(f"{'commit':9} {'tests run':>9} {'share':>6}" + (f" {'minutes':>13}" if durations_file else "") + "  why")
for r in rows:
    share = f"{len(r['reached'])}/{r['test_targets']}"
    percent = f"{100 * len(r['reached']) / r['test_targets']:.0f}%" if r["test_targets"] else "-"
    line = f"{r['commit']:9} {share:>9} {percent:>6}"
    if durations_file:
        mark = "*" if r["unmeasured"] else " "
        line += f" {r['seconds'] / 60:5.1f} of {r['all_seconds'] / 60:4.1f}{mark}"
    if r["everything_because"]:
        why = "everything: " + r["everything_because"][0] + (
            f" and {len(r['everything_because']) - 1} more" if len(r["everything_because"]) > 1 else "")
    else:
        why = ", ".join(r["reached"]) or "no test target"
    subject = r["subject"] if len(r["subject"]) <= 60 else r["subject"][:59].rsplit(" ", 1)[0] + " …"
    print(f"{line}  {'merge: ' if r['merge'] else ''}{why}\n{'':9} {subject}")
    for name in r["missed_changed_test_targets"]:
        print(f"{'':9} MISSED: {name}, whose own files this commit changed")

print()
reads = f", \"reads\" from {reads_from}" if reads_from else ""
print(f"{len(rows)} commits replayed, {result['merges']} of them merges (each compared with its first parent){reads}.")
if shares:
    s = result["share"]
    print(f"Share of test targets run: median {100 * s['median']:.0f}%, range {100 * s['min']:.0f}–{100 * s['max']:.0f}%.")
    print(f"Commits that reached every target: {result['everything']}; that reached no test target: {result['no_test_target']}.")
if minutes:
    m, a = result["minutes"], result["all_minutes"]
    print(f"Minutes of tests run: median {m['median']:.1f}, range {m['min']:.1f}–{m['max']:.1f}"
          f" (the whole suite: median {a['median']:.1f}, range {a['min']:.1f}–{a['max']:.1f}).")
    print(f"In all: {sum(minutes):.0f} minutes instead of {sum(all_minutes):.0f}.")
    gone = sorted({name for r in rows for name in r["unmeasured"]})
    if gone:
        print(f"* unmeasured (absent when the durations were taken), counted as 0 s: {', '.join(gone)}")
print(f"Test targets whose own files a commit changed and --affected left out: {result['missed_changed_test_targets']}.")
print(f"Tests changed alone (nothing they depend on changed) that the parent's run left out"
      f" (read each: was the parent's suite failing?): {len(follow_ups)}.")
for f in follow_ups:
    print(f"  {f['commit']} changes {f['test_target']}; {f['parent']} left it out: {f['parent_subject'][:70]}")
for problem in problems:
    print(f"not replayed: {problem}")
sys.exit(1 if result["missed_changed_test_targets"] or problems else 0)
EOF
