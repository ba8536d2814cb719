#!/usr/bin/env bash
# Replays the migration example (Workshop/Migration) as a git repository: the starting package as
# the first commit (tagged `start`), then one commit per step (its change.patch), tagged
# `step-NN` after the step's folder, its message the step's description (README.md: the title,
# then the rest, without its HTML comments), each dated a minute after the one before, so
# `git log --all -p` reads as the series of pull requests and `git checkout step-NN` moves to any
# step. A canary step's patches (canary.patch, and any canary-NAME.patch) are branches of their
# own, `canary` and `canary-NAME` (tagged `step-NN` and `step-NN-NAME`), never merged.
#
#   Workshop/Scripts/replay-migration.sh [--through N] [--into DIR] [--check | --record | --claims] [--example DIR]
#
#   --through N   stop after step N (default: every step)
#   --into DIR    the repository to create; DIR must not exist or be empty (default: a new
#                 temporary folder, printed at the end)
#   --check       after each step, build it (undeclared imports and warnings are errors), run its
#                 tests, which must leave nothing in the temporary folder, and run the linter
#                 commands its README quotes, which must print exactly what the README shows; if
#                 the example has behaviour.sh, every step must print exactly its behaviour.txt;
#                 each canary must make the example's CI script fail; at the start, the split of
#                 each folder split-previews.txt names must fail exactly where the linter's
#                 --split-preview says, a README's table of split previews (in `<!--
#                 split-previews:begin -->`) must hold the linter's counts, and folder-layers.json
#                 must find what the README quotes; after the last step, each line of
#                 manifest-canaries.txt must make its manifest fail to compile, and the migration
#                 guide's payoff table must be what the example's measuring script counts; and
#                 everything --claims checks
#   --record      as --check, but write each README's quoted linter output (and the tables the
#                 replay computes) instead of comparing
#   --claims      replay, then check in seconds what needs no build: each commit's message is its
#                 README without HTML comments; the quoted linter command is the one the step's
#                 Scripts/ci.sh runs; the baseline may never grow and must end empty; each step
#                 names each entry it deletes, marks "unseen" each one whose file still uses the
#                 name (which left the target), and deletes only entries whose reasons, if they
#                 name a step, name it; CODEOWNERS gives its own file and the CI scripts to the
#                 architecture's reviewers; in the example's README and the migration guide, the
#                 start's size (after `<!-- start-size:begin Workshop/NAME -->`) is the start's,
#                 and the tables after `<!-- steps table: Workshop/NAME -->` hold each step's
#                 deleted entries and baseline (NAME the example's folder's name); each "step NN
#                 removes `NAME` from `FILE`" of the example's READMEs holds; and, if a README says
#                 so, every module with code has a test target
#   --example DIR the example to replay (default: Workshop/Migration)
#
#   Workshop/Scripts/replay-migration.sh --export REPOSITORY [--example DIR]
#
#   --export      the way back, to edit the series: from a repository shaped like a replay (its
#                 first commit the start, then one commit per step on main, the canary on the
#                 branch `canary`), write Start/ and each step's patch; the steps' folders and
#                 READMEs stay, matched to the commits in order
#
# The linter is $CHECK_ARCHITECTURE when set, else the linter package's executable, built here.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
# Relative paths (CHECK_ARCHITECTURE, --into, --export) are the caller's: made absolute before
# anything changes folder.
caller=$PWD
case "${CHECK_ARCHITECTURE:-}" in
  "" | /*) ;;
  */*) CHECK_ARCHITECTURE=$caller/$CHECK_ARCHITECTURE ;;
esac
cd "$(dirname "$0")/../.."
voyage=$PWD
example=$voyage/Workshop/Migration

usage() {
  script_usage
}
through=""
into=""
mode=replay
while [ $# -gt 0 ]; do
  case "$1" in
    --through)
      [ $# -ge 2 ] || usage
      [[ "$2" =~ ^[0-9]+$ ]] || { echo "Error: --through takes a step number, not '$2'" >&2; exit 64; }
      through=$((10#$2)); shift 2 ;;
    --into) [ $# -ge 2 ] || usage; into=$2; shift 2 ;;
    --check) mode=check; shift ;;
    --record) mode=record; shift ;;
    --claims) mode=claims; shift ;;
    --export) [ $# -ge 2 ] || usage; mode=export; into=$2; shift 2 ;;
    --example) [ $# -ge 2 ] || usage; example=$2; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1'" >&2; usage ;;
  esac
done

case "$into" in "" | /*) ;; *) into=$caller/$into ;; esac
case "$example" in /*) ;; *) example=$caller/$example ;; esac
[ -d "$example/Start" ] && [ -d "$example/Steps" ] \
  || { echo "Error: '$example' has no Start/ and Steps/ to replay" >&2; exit 64; }

if [ "$mode" = export ]; then
  git -C "$into" rev-parse --verify --quiet main >/dev/null \
    || { echo "Error: '$into' is not a git repository with a branch main" >&2; exit 64; }
  commits=()
  while IFS= read -r commit; do commits+=("$commit"); done < <(git -C "$into" rev-list --reverse main)
  folders=()
  canary=""
  for folder in "$example"/Steps/*/; do
    folder=${folder%/}
    if compgen -G "$folder/canary*.patch" >/dev/null || [[ "$(basename "$folder")" == *-canary-* ]]; then
      canary=$folder
    else
      folders+=("$folder")
    fi
  done
  if [ $((${#commits[@]} - 1)) -ne ${#folders[@]} ]; then
    echo "Error: main has $((${#commits[@]} - 1)) commits after the start, Steps/ has ${#folders[@]} steps (besides the canary)" >&2
    exit 1
  fi
  rm -rf "$example/Start"
  mkdir -p "$example/Start"
  git -C "$into" archive "${commits[0]}" | tar -xf - -C "$example/Start"
  for index in "${!folders[@]}"; do
    git -C "$into" diff --binary "${commits[$index]}" "${commits[$((index + 1))]}" >"${folders[$index]}/change.patch"
  done
  if [ -n "$canary" ]; then
    for patch in "$canary"/canary*.patch; do
      branch=$(basename "$patch" .patch)
      git -C "$into" rev-parse --verify --quiet "$branch" >/dev/null \
        || { echo "Error: Steps/ has $(basename "$patch"), '$into' no branch $branch" >&2; exit 1; }
      git -C "$into" diff --binary "$branch~1" "$branch" >"$patch"
    done
  fi
  echo "replay: exported the start and ${#folders[@]} steps$([ -n "$canary" ] && echo " and the canary") from $into"
  exit 0
fi

temporary=0
if [ -z "$into" ]; then
  into=$(mktemp -d "${TMPDIR:-/tmp}/voyage-migration.XXXXXX")
  temporary=1
elif [ -e "$into" ] && [ -n "$(ls -A "$into" 2>/dev/null)" ]; then
  echo "Error: '$into' exists and is not empty; give a new folder" >&2
  exit 64
fi
mkdir -p "$into"
into=$(cd "$into" && pwd)

if [ "$mode" = check ] || [ "$mode" = record ]; then
  if [ -z "${CHECK_ARCHITECTURE:-}" ]; then
    swift build --package-path Workshop/ArchitectureLinter --product check-architecture >/dev/null
    CHECK_ARCHITECTURE="$(swift build --package-path Workshop/ArchitectureLinter --show-bin-path)/check-architecture"
  fi
  export CHECK_ARCHITECTURE
fi

# Every commit the same author, and a fixed date a minute after the one before, so two replays
# give the same commit identities and `git log --all` lists the pull requests in the order they
# were made (the canaries after step 03, before the step that follows it).
export GIT_AUTHOR_NAME=Voyage GIT_AUTHOR_EMAIL=voyage@example.invalid
export GIT_COMMITTER_NAME=Voyage GIT_COMMITTER_EMAIL=voyage@example.invalid
commits_made=0
# Commits everything with the message $1, and the description $2 (if any) as its body.
commit() {
  GIT_AUTHOR_DATE=$(printf '2026-01-05T%02d:%02d:00Z' $((9 + commits_made / 60)) $((commits_made % 60)))
  GIT_COMMITTER_DATE=$GIT_AUTHOR_DATE
  export GIT_AUTHOR_DATE GIT_COMMITTER_DATE
  commits_made=$((commits_made + 1))
  git -C "$into" add -A
  if [ -n "${2:-}" ]; then
    printf '%s\n\n%s\n' "$1" "$2" | git -C "$into" commit -q --no-verify --cleanup=verbatim -F -
  else
    git -C "$into" commit -q --no-verify -m "$1"
  fi
}

# The title of a step: its README's first line, `# NN. Title`.
title_of() { sed -n '1s/^# [0-9]*\. //p' "$1/README.md"; }
# The description of a step, as its pull request shows it: the README after the title, without
# its HTML comments (the markers the replay reads and the docs' declarations are for the repository,
# not for the pull request), blank lines they leave squeezed.
description_of() { sed '1d' "$1/README.md" | perl -0pe 's/<!--.*?-->//gs' | cat -s | sed '/./,$!d'; }

# The entries of the baseline (not its comments), or 0 without one.
baseline_length() {
  local file=$into/architecture-baseline.txt
  [ -f "$file" ] || { echo 0; return; }
  grep -cEv '^[[:space:]]*(#|$)' "$file" || true
}

# The linter command a README quotes (the `$ ` line after its marker: `<!-- linter output -->`,
# or `<!-- linter output: NAME -->` for a canary's patch canary-NAME.patch, as $2) and the output
# it shows (up to the closing fence).
marker_of() { [ -n "${1:-}" ] && echo "<!-- linter output: $1 -->" || echo "<!-- linter output -->"; }
quoted_command() {
  MARKER=$(marker_of "${2:-}") awk '$0 == ENVIRON["MARKER"] { on = 1; next }
    on && /^\$ / { print substr($0, 3); exit }' "$1"
}
quoted_output() {
  MARKER=$(marker_of "${2:-}") awk '$0 == ENVIRON["MARKER"] { on = 1; next } on && /^\$ / { shown = 1; next }
    shown && /^```$/ { exit } shown { print }' "$1"
}
# Writes `output` as the quoted output of README `$1` (after marker `$3`), keeping everything else.
record_output() {
  local readme=$1 output=$2 rewritten
  rewritten=$(OUTPUT="$output" MARKER=$(marker_of "${3:-}") awk '
    $0 == ENVIRON["MARKER"] { print; on = 1; next }
    on && /^\$ / { print; print ENVIRON["OUTPUT"]; skipping = 1; next }
    skipping && /^```$/ { skipping = 0; on = 0 }
    !skipping { print }' "$readme")
  printf '%s\n' "$rewritten" >"$readme"
}

logs=$(mktemp -d "${TMPDIR:-/tmp}/voyage-migration-logs.XXXXXX")
trap 'rm -rf "$logs"' EXIT
failures=0
fail() { echo "replay: FAILED: $*" >&2; failures=$((failures + 1)); }

# Builds and tests the package as it is now, and runs the README's linter commands (the one after
# `<!-- linter output -->`, and any after `<!-- linter output: NAME -->`).
verify() {
  local name=$1 readme=$2 temporary=$logs/tmp which leftovers schema=""
  # The step's configuration, if it has one, against the schema editors check it with: checked
  # while the step builds (it reads one file, which the build does not change), reported below.
  if [ -f "$into/architecture.json" ]; then
    "$voyage/Workshop/ArchitectureLinter/Scripts/validate-configurations.py" "$into/architecture.json" \
      >"$logs/schema" 2>&1 &
    schema=$!
  fi
  if ! (cd "$into" && swift build --build-tests --explicit-target-dependency-import-check error \
    -Xswiftc -warnings-as-errors >"$logs/build" 2>&1); then
    [ -z "$schema" ] || wait "$schema" || true
    fail "$name does not build:"; tail -n 20 "$logs/build" >&2; return
  fi
  # The tests in a temporary folder of their own, which they must leave as they found it: a
  # test that makes a folder removes it.
  rm -rf "$temporary" && mkdir -p "$temporary"
  if ! (cd "$into" && TMPDIR=$temporary swift test --skip-build >"$logs/test" 2>&1); then
    [ -z "$schema" ] || wait "$schema" || true
    fail "$name: its tests fail:"; { grep -E '✘|error' "$logs/test" | head -n 20 >&2 || true; }; return
  fi
  # SwiftPM's own leftovers aside: its lock files, and the TemporaryDirectory.* folders holding
  # nothing but a .keep-directory that `swift build` and `swift test` leave.
  leftovers=$(cd "$temporary" && for entry in * .[!.]*; do
    [ -e "$entry" ] || continue
    case "$entry" in *.lock) continue ;; esac
    if [[ "$entry" == TemporaryDirectory.* ]] && [ -d "$entry" ] \
      && [ -z "$(find "$entry" -mindepth 1 ! -name .keep-directory)" ]; then continue; fi
    echo "$entry"
  done)
  if [ -n "$leftovers" ]; then
    fail "$name: its tests leave $(grep -c . <<<"$leftovers") file(s) or folder(s) in the temporary folder (a test removes what it makes):"
    head -n 5 <<<"$leftovers" >&2
  fi
  # The example's behaviour, if it names one (behaviour.sh and the transcript it must print,
  # behaviour.txt): the same at every step.
  if [ -f "$example/behaviour.sh" ]; then
    "$example/behaviour.sh" "$into" >"$logs/behaviour" 2>&1 || true
    if ! diff -q "$example/behaviour.txt" "$logs/behaviour" >/dev/null; then
      fail "$name: its behaviour is not the example's behaviour.txt:"
      diff "$example/behaviour.txt" "$logs/behaviour" | head -n 20 >&2 || true
    fi
  fi
  if [ -n "$schema" ] && ! wait "$schema"; then
    fail "$name: its architecture.json does not match the schema:"; head -n 10 "$logs/schema" >&2
  fi
  [ -n "$readme" ] || return 0
  compare_quote "$name" "$readme"
  for which in $(sed -n 's/^<!-- linter output: \([A-Za-z0-9_-]*\) -->$/\1/p' "$readme"); do
    compare_quote "$name" "$readme" "$which"
  done
}

# Runs the linter command README `$2` quotes (after the marker for `$3`, if given) and compares
# (or records) what it prints.
compare_quote() {
  local name=$1 readme=$2 which=${3:-} command expected actual
  command=$(quoted_command "$readme" "$which")
  [ -n "$command" ] || { fail "$name: its README quotes no linter command after $(marker_of "$which")"; return; }
  [[ "$command" == Scripts/check-architecture.sh* ]] \
    || { fail "$name: the quoted command must run Scripts/check-architecture.sh, not '$command'"; return; }
  actual=$(cd "$into" && bash -c "$command" 2>&1) || true
  if [ "$mode" = record ]; then
    record_output "$readme" "$actual" "$which"
  else
    expected=$(quoted_output "$readme" "$which")
    if [ "$actual" != "$expected" ]; then
      fail "$name: the linter printed what its README does not quote (--record rewrites it):"
      diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") | head -n 20 >&2 || true
    fi
  fi
}

# Previews the split of a folder of the package with the linter, then makes it in a copy (the
# folder becomes a target with its old target's dependencies and settings, appended to the
# manifest) and compares the uses the preview listed with the compiler's errors.
split_check() {
  local folder=$1 preview target relative predicted refused copy=$logs/split
  preview=$(cd "$into" && "$CHECK_ARCHITECTURE" --split-preview "$folder" --format json <"$logs/start-description") \
    || { fail "the split preview of $folder failed"; return; }
  target=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["target"])' <<<"$preview")
  predicted=$(python3 -c 'import json, sys
for use in json.load(sys.stdin)["uses"]: print("%s:%d:%d" % (use["file"], use["line"], use["column"]))' <<<"$preview" | sort -u)
  relative=${folder#*/"$target"/}
  # The copy keeps its build folder from one probe to the next: what the probe target depends on
  # is built once.
  mkdir -p "$copy" && find "$copy" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} +
  (cd "$into" && git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy")
  cat >>"$copy/Package.swift" <<SWIFT

// The split the preview predicts: $folder as a target of its own.
if let source = package.targets.first(where: { \$0.name == "$target" }) {
  source.exclude.append("$relative")
  package.targets.append(
    .target(
      name: "SplitProbe", dependencies: source.dependencies, path: "$folder",
      swiftSettings: source.swiftSettings))
}
SWIFT
  local build status=0 others count
  build=$(cd "$copy" && swift build --target SplitProbe 2>&1) || status=$?
  refused=$(sed -n -E "s#^$copy/($folder/[^:]+:[0-9]+:[0-9]+): error: cannot find .*#\1#p" <<<"$build" | sort -u || true)
  # Any other error (a manifest the probe broke, a use the preview cannot see) is a difference too.
  others=$(grep -E '^/.*:[0-9]+:[0-9]+: error: ' <<<"$build" | grep -v ': error: cannot find ' || true)
  count=$(grep -c . <<<"$predicted" || true)
  if [ "$predicted" != "$refused" ] || [ -n "$others" ] || { [ -z "$predicted" ] && [ "$status" -ne 0 ]; }; then
    fail "the split preview of $folder listed $count uses; the compiler, once it was a target, said otherwise:"
    diff <(printf '%s\n' "$predicted") <(printf '%s\n' "$refused") >&2 || true
    [ -z "$others" ] || head -n 10 <<<"$others" >&2
    [ "$status" -eq 0 ] || [ -n "$refused$others" ] || tail -n 10 <<<"$build" >&2
  elif [ "$count" -eq 0 ]; then
    echo "replay: the split preview of $folder listed no use, and it builds as a target of its own"
  else
    echo "replay: the split preview of $folder listed $count use(s), exactly the compiler's errors once it is a target"
  fi
}

# A README's table of split previews at the start (the rows between `<!-- split-previews:begin -->`
# and `<!-- split-previews:end -->`, a generated block): for each folder (or file) in its first column, the second says what the linter's
# --split-preview lists: "none", or "N uses of M names, in F files" (a file's row: its part of its
# folder's preview, "N uses of M names"; "1 use", "1 name", "1 file" for one). Written instead with
# --record.
split_table() {
  local marker="<!-- split-previews:begin -->" readme
  readme=$(grep -lxF -- "$marker" "$example"/Steps/*/README.md 2>/dev/null | head -n 1 || true)
  [ -n "$readme" ] || return 0
  if MARKER=$marker MODE=$mode python3 - "$readme" "$logs/start-description" "$CHECK_ARCHITECTURE" <<'PYTHON'; then
import json, os, subprocess, sys
readme, description, linter = sys.argv[1:4]
lines = open(readme).read().split("\n")
start = lines.index(os.environ["MARKER"]) + 1
while not lines[start].startswith("|"):
    start += 1
end = start
while end < len(lines) and lines[end].startswith("|"):
    end += 1
previews, wrong = {}, []
for index in range(start + 2, end):
    row = [cell.strip() for cell in lines[index].strip().strip("|").split("|")]
    path = row[0].strip("`")
    folder = path.rsplit("/", 1)[0] if path.endswith(".swift") else path
    if folder not in previews:
        result = subprocess.run([linter, "--split-preview", folder, "--format", "json"],
                                stdin=open(description), capture_output=True, text=True)
        previews[folder] = json.loads(result.stdout)["uses"]
    uses = [use for use in previews[folder] if use["file"] == path or folder == path]
    names = len({use["name"] for use in uses})
    files = len({use["file"] for use in uses})
    plural = lambda count, word: "%d %s%s" % (count, word, "" if count == 1 else "s")
    expected = "none" if not uses else "%s of %s" % (plural(len(uses), "use"), plural(names, "name"))
    if uses and folder == path:
        expected += ", in " + plural(files, "file")
    if row[1] != expected:
        wrong.append("%s: '%s' where the linter lists '%s'" % (path, row[1], expected))
        row[1] = expected
        lines[index] = "| " + " | ".join(row) + " |"
if wrong and os.environ["MODE"] == "record":
    open(readme, "w").write("\n".join(lines))
    sys.exit(0)
for problem in wrong:
    print("  " + problem, file=sys.stderr)
sys.exit(1 if wrong else 0)
PYTHON
    echo "replay: the table of split previews in ${readme#"$example"/} has the linter's counts"
  else
    fail "the table of split previews in ${readme#"$example"/} is not what the linter lists (--record rewrites it)"
  fi
}

# Counts the start's library targets (run at the start, from its description): "N lines of Swift
# in M files".
count_start_size() {
  (cd "$into" && python3 -c '
import json, os, sys
files = lines = 0
for target in json.load(sys.stdin)["targets"]:
    if target["type"] != "library": continue
    for source in target.get("sources", []):
        files += 1
        lines += open(os.path.join(target["path"], source), "rb").read().count(b"\n")
print("{:,} lines of Swift in {} files".format(lines, files))' <"$logs/start-description")
}

# The size of the start's library targets, where the example's README and the migration guide
# give it between `<!-- start-size:begin Workshop/NAME -->` (NAME the example's folder's name) and
# `<!-- start-size:end -->`, a generated block: "N lines of Swift in M files", counted in the start
# as replayed (written instead with --record).
start_size() {
  local marker="<!-- start-size:begin Workshop/$(basename "$example") -->" documents=() document size
  for document in "$example/README.md" "$voyage/docs/Voyage.docc/Migration.md"; do
    grep -qF -- "$marker" "$document" 2>/dev/null && documents+=("$document")
  done
  [ ${#documents[@]} -gt 0 ] || return 0
  size=$start_size_counted
  for document in "${documents[@]}"; do
    if MARKER=$marker SIZE=$size MODE=$mode python3 - "$document" <<'PYTHON'; then
import os, re, sys
path = sys.argv[1]
text = open(path).read()
pattern = re.compile("(" + re.escape(os.environ["MARKER"]) + r")(.*?)(<!-- start-size:end -->)", re.S)
quoted = [match.group(2) for match in pattern.finditer(text)]
if all(" ".join(q.split()) == os.environ["SIZE"] for q in quoted):
    sys.exit(0)
if os.environ["MODE"] == "record":
    open(path, "w").write(pattern.sub(lambda m: m.group(1) + os.environ["SIZE"] + m.group(3), text))
    sys.exit(0)
print("  it says '%s'" % "', '".join(" ".join(q.split()) for q in quoted), file=sys.stderr)
sys.exit(1)
PYTHON
      :
    else
      fail "${document#"$voyage"/} does not give the start's size as the replay counts it: $size (--record writes it)"
    fi
  done
}

# The folder rule at the start: the linter with the example's folder-layers.json, whose findings
# (and summary line) the example's README quotes after its `<!-- folder layers at the start -->`.
folder_check() {
  local config=$example/folder-layers.json readme=$example/README.md actual expected rewritten
  actual=$(cd "$into" && "$CHECK_ARCHITECTURE" --config "$config" <"$logs/start-description" 2>&1 \
    | grep -E ': error: |^architecture: ' || true)
  if [ "$mode" = record ]; then
    rewritten=$(OUTPUT="$actual" awk '
      /^<!-- folder layers at the start -->$/ { print; on = 1; next }
      on && /^```/ && !opened { print; print ENVIRON["OUTPUT"]; opened = 1; skipping = 1; next }
      skipping && /^```$/ { skipping = 0; on = 0 }
      !skipping { print }' "$readme")
    printf '%s\n' "$rewritten" >"$readme"
    return
  fi
  expected=$(awk '/^<!-- folder layers at the start -->$/ { on = 1; next }
    on && /^```/ && !opened { opened = 1; next } opened && /^```$/ { exit } opened { print }' "$readme")
  if [ -z "$actual" ] || [ "$actual" != "$expected" ]; then
    fail "the folder rule at the start found what the example's README does not quote (--record rewrites it):"
    diff <(printf '%s\n' "$expected") <(printf '%s\n' "$actual") >&2 || true
  else
    echo "replay: the folder rule at the start found what the example's README quotes"
  fi
}

# The baseline's entries (without comments or reasons), one a line, sorted, at the commit $1.
baseline_entries_at() {
  git -C "$into" show "$1:architecture-baseline.txt" 2>/dev/null \
    | sed -E 's/[[:space:]]+#.*$//; s/^[[:space:]]+//; s/[[:space:]]+$//' | grep -Ev '^(#|$)' | sort || true
}

# The baseline's entries with their reasons, "entry<TAB>reason" a line, at the commit $1.
baseline_reasons_at() {
  git -C "$into" show "$1:architecture-baseline.txt" 2>/dev/null | grep -Ev '^[[:space:]]*(#|$)' \
    | awk '{ sub(/^[[:space:]]+/, ""); entry = $0; reason = ""
        if (match($0, /[[:space:]]+#/)) { entry = substr($0, 1, RSTART - 1); reason = substr($0, RSTART + RLENGTH) }
        sub(/[[:space:]]+$/, "", entry); sub(/^[[:space:]]+/, "", reason); print entry "\t" reason }' || true
}

# Whether the baseline entry $1, which the last commit deleted, went unseen: a folder-dependency
# entry (`folder-dependency|Target|FILE -> NAME`) whose file, where it is now (renames followed),
# still uses NAME outside comments. Its name left the target, and the folder rule reads only
# the target's own folders: the line went, the use did not.
unseen() {
  local entry=$1 file name now
  [[ "$entry" =~ ^folder-dependency\|[^|]+\|(.+)\ -\>\ ([A-Za-z_][A-Za-z0-9_]*)$ ]] || return 1
  file=${BASH_REMATCH[1]}
  name=${BASH_REMATCH[2]}
  if git -C "$into" cat-file -e "HEAD:$file" 2>/dev/null; then
    now=$file
  else
    now=$(git -C "$into" diff -M --name-status HEAD~1 HEAD | awk -F '\t' -v f="$file" '$1 ~ /^R/ && $2 == f { print $3 }')
  fi
  [ -n "$now" ] && git -C "$into" show "HEAD:$now" | sed 's#//.*##' | grep -w -- "$name" >/dev/null
}

# The owners CODEOWNERS (at HEAD) gives the file $1: the last line whose pattern matches it (`*`,
# `/path`, `/folder/`, or a name matched anywhere), as GitHub reads it.
owners_of() {
  git -C "$into" show HEAD:CODEOWNERS 2>/dev/null | awk -v file="$1" '
    /^[[:space:]]*(#|$)/ { next }
    { pattern = $1; owners = ""; for (i = 2; i <= NF; i++) owners = owners (i > 2 ? " " : "") $i
      matched = 0
      if (pattern == "*") matched = 1
      else if (substr(pattern, 1, 1) == "/") {
        path = substr(pattern, 2)
        if (substr(path, length(path)) == "/") matched = index(file, path) == 1
        else matched = file == path || index(file, path "/") == 1
      } else matched = file == pattern || substr(file, length(file) - length(pattern)) == "/" pattern
      if (matched) found = owners }
    END { print found }'
}

# The checks of a step that need no build: its message, its quoted linter command against its CI,
# its tests' changes, the baseline's length and growth, what it deletes and why, CODEOWNERS. Adds
# "NN<TAB>deleted<TAB>unseen<TAB>baseline" to $logs/facts.
check_claims() {
  local name=$1 readme=$2 number=$3 length baseline=none changed entry reason step deleted=0 unseen_count=0 line
  local quoted ci file owners reviewers
  if git -C "$into" log -1 --format=%B | grep '<!--' >/dev/null; then
    fail "$name: its commit message carries an HTML comment of its README"
  fi
  # The linter command the README quotes is the one the step's CI runs (with HEAD~1 as the base).
  quoted=$(quoted_command "$readme")
  ci=$(git -C "$into" show HEAD:Scripts/ci.sh 2>/dev/null | grep -E '^[[:space:]]*Scripts/check-architecture\.sh' \
    | tail -n 1 | sed -E 's/^[[:space:]]+//; s/"\$(base|BASE)"/HEAD~1/' || true)
  if [ -n "$ci" ] && [ -n "$quoted" ] && [ "$quoted" != "$ci" ]; then
    fail "$name: its README quotes '$quoted', but its Scripts/ci.sh runs '$ci'"
  fi
  # The behaviour tests are the migration's safety net: a step may change the start's test
  # files (and add files beside them) in their import lines only.
  changed=""
  if [ -n "$start_tests" ]; then
    # shellcheck disable=SC2086 # one path a line, none with spaces (the start's test folders)
    changed=$(git -C "$into" diff HEAD~1 HEAD -- $start_tests | grep -E '^[+-]' | grep -Ev '^(\+\+\+|---) ' \
      | grep -Ev '^[+-][[:space:]]*((@testable|public|internal|private) )?import [A-Za-z_]+[[:space:]]*$|^[+-][[:space:]]*$' || true)
  fi
  [ -z "$changed" ] || { fail "$name changes its tests beyond their imports:"; head -n 10 <<<"$changed" >&2; }
  length=$(baseline_length)
  if [ -f "$into/architecture-baseline.txt" ]; then
    baseline=$length
    # The README says the length the baseline has after the step, in its last paragraph.
    if ! awk '/^<!-- linter output -->$/ { on = 1 } on' "$readme" | grep -E "(to|at|with) $length( entr|[,;. ])" >/dev/null; then
      fail "$name: its README does not say that the baseline has $length entries after it"
    fi
  fi
  # The first baseline is taken once; from then on the list only shrinks.
  if [ "$previous" -gt 0 ] && [ "$length" -gt "$previous" ]; then
    fail "$name: the baseline grew from $previous to $length entries"
  fi
  # Each entry the step deletes is named in its description, so a reader can see what was
  # resolved and how; one that went unseen says so in its line; a reason that names a step, in
  # any baseline since the entry was written, names this one.
  while IFS= read -r entry; do
    [ -n "$entry" ] || continue
    deleted=$((deleted + 1))
    line=$(grep -F -- "$entry" "$readme" | head -n 1 || true)
    if [ -z "$line" ]; then
      fail "$name deletes the baseline entry '$entry' without naming it in its README"
    elif unseen "$entry"; then
      unseen_count=$((unseen_count + 1))
      [[ "$line" == *unseen* ]] || fail "$name: '$entry' went unseen (its file still uses the name, which left the target), and its line in the README does not say 'unseen'"
    elif [[ "$line" == *unseen* ]]; then
      fail "$name: its README says '$entry' went unseen, but its file no longer uses the name"
    fi
    while IFS=$'\t' read -r step reason; do
      if grep -Eq '[Ss]teps? [0-9]+' <<<"$reason" && ! grep -Eq "[Ss]tep $number([^0-9]|$)" <<<"$reason"; then
        fail "$name deletes '$entry', whose reason (in the baseline since $step) names another step: '$reason'"
      fi
    done < <(awk -F '\t' -v e="$entry" '$2 == e && !seen[$3]++ { print $1 "\t" $3 }' "$logs/reasons")
  done < <(comm -23 <(baseline_entries_at HEAD~1) <(baseline_entries_at HEAD))
  baseline_reasons_at HEAD | awk -v s="$name" '{ print s "\t" $0 }' >>"$logs/reasons"
  previous=$length
  # CODEOWNERS, once there is one, gives the files that decide what CI refuses to the owners of
  # the reviewed exceptions, itself and the CI scripts included: otherwise an ordinary review
  # could switch the check off. Reported at the first step that misses it.
  if [ -z "$codeowners_failed" ] && git -C "$into" cat-file -e HEAD:CODEOWNERS 2>/dev/null; then
    reviewers=$(owners_of architecture-exceptions.txt)
    if [ -z "$reviewers" ] || [ "$reviewers" = "$(owners_of README.md)" ]; then
      fail "$name: CODEOWNERS gives architecture-exceptions.txt no reviewers of its own"
      codeowners_failed=$name
    fi
    for file in CODEOWNERS Scripts/ci.sh Scripts/check-architecture.sh architecture.json \
      architecture-baseline.txt Package.swift; do
      owners=$(owners_of "$file")
      [ "$owners" = "$reviewers" ] || {
        fail "$name: CODEOWNERS gives $file to '${owners:-nobody}', not to the architecture's reviewers ($reviewers)"
        codeowners_failed=$name; }
    done
  fi
  printf '%s\t%s\t%s\t%s\n' "$number" "$deleted" "$unseen_count" "$baseline" >>"$logs/facts"
}

# The tables after `<!-- steps table: Workshop/NAME -->` (NAME the example's folder's name, so a
# copy of an example checks its own README) in the example's README and the migration guide: their "entries it deletes" and "baseline
# after" columns must be the series' (written instead with --record).
steps_tables() {
  local marker="<!-- steps table: Workshop/$(basename "$example") -->" document found=0
  for document in "$example/README.md" "$voyage/docs/Voyage.docc/Migration.md"; do
    grep -qxF -- "$marker" "$document" 2>/dev/null || continue
    found=1
    MARKER=$marker MODE=$mode python3 - "$logs/facts" "$document" <<'PYTHON' || fail "the steps table of ${document#"$voyage"/} is not the series' (--record rewrites it)"
import os, re, sys
facts = {}
for line in open(sys.argv[1]):
    number, deleted, unseen, baseline = line.rstrip("\n").split("\t")
    facts[number] = (deleted, unseen, baseline)
path = sys.argv[2]
lines = open(path).read().split("\n")
start = lines.index(os.environ["MARKER"]) + 1
while start < len(lines) and not lines[start].startswith("|"):
    start += 1
end = start
while end < len(lines) and lines[end].startswith("|"):
    end += 1
cells = lambda row: [cell.strip() for cell in row.strip().strip("|").split("|")]
header = cells(lines[start])
try:
    deletes, after = header.index("entries it deletes"), header.index("baseline after")
except ValueError:
    sys.exit(print("  the table needs the columns 'entries it deletes' and 'baseline after'", file=sys.stderr))
wrong, seen = [], set()
for index in range(start + 2, end):
    row = cells(lines[index])
    number = re.search(r"\d\d", row[0]).group(0)
    seen.add(number)
    if number not in facts:
        wrong.append("step %s: no such step in the series" % number)
        continue
    deleted, unseen, baseline = facts[number]
    expected_deletes = "—" if deleted in ("0", "") else deleted + (" (%s unseen)" % unseen if unseen != "0" else "")
    expected_after = "(refused)" if baseline == "refused" else baseline
    if deleted == "refused":
        expected_deletes = "—"
    if (row[deletes], row[after]) != (expected_deletes, expected_after):
        wrong.append("step %s: '%s', '%s' where the series has '%s', '%s'" % (number, row[deletes], row[after], expected_deletes, expected_after))
        row[deletes], row[after] = expected_deletes, expected_after
        lines[index] = "| " + " | ".join(row) + " |"
missing = sorted(set(facts) - seen)
if missing:
    wrong.append("steps missing from the table: " + ", ".join(missing))
if wrong and os.environ["MODE"] == "record" and not missing:
    open(path, "w").write("\n".join(lines))
    sys.exit(0)
for problem in wrong:
    print("  " + problem, file=sys.stderr)
sys.exit(1 if wrong else 0)
PYTHON
  done
  [ "$found" -eq 1 ] || return 0
  echo "replay: the steps tables have each step's deleted entries and baseline"
}

# Each "step NN removes `NAME` from `FILE`" (or "from `FILE` and `FILE`") the example's READMEs
# write: each FILE (a path, or a file's name) uses NAME before step NN, and no longer after it.
removal_claims() {
  local number name file claim before after count=0
  while IFS=$'\t' read -r number name file; do
    claim="step $number removes \`$name\` from \`$file\`"
    if ! git -C "$into" rev-parse -q --verify "step-$number" >/dev/null; then
      fail "'$claim': there is no step $number"; continue
    fi
    before=$(uses_at "step-$number~1" "$file" "$name")
    after=$(uses_at "step-$number" "$file" "$name")
    if [ -z "$before" ]; then
      fail "'$claim' is not what the series does: no \`$file\` uses \`$name\` before step $number"
    elif [ -n "$after" ]; then
      fail "'$claim' is not what the series does: $after still uses \`$name\` after step $number"
    else
      count=$((count + 1))
    fi
  done < <(cat "$example"/README.md "$example"/Steps/*/README.md | python3 -c '
import re, sys
text = " ".join(sys.stdin.read().split())
for claim in re.finditer(r"[Ss]tep (\d\d) removes `(\w+)` from `([^`]+)`((?:(?:,| and|, and) `[^`]+`)*)", text):
    for file in [claim.group(3)] + re.findall(r"`([^`]+)`", claim.group(4)):
        print("%s\t%s\t%s" % (claim.group(1), claim.group(2), file))' | sort -u)
  [ "$count" -eq 0 ] || echo "replay: each of the $count removals the READMEs promise happens in the step they name"
}

# The files matching $2 (a path, or a file's name) at the commit $1 that use the name $3 outside
# comments, one a line.
uses_at() {
  local path
  git -C "$into" ls-tree -r --name-only "$1" | awk -v f="$2" '$0 == f || substr($0, length($0) - length(f)) == "/" f' \
    | while IFS= read -r path; do
      if git -C "$into" show "$1:$path" | sed 's#//.*##' | grep -w -- "$3" >/dev/null; then echo "$path"; fi
    done
}

# If one of the example's READMEs says that modules have test targets of their own, the last step
# must hold it: each library under Sources/ with code of its own (a body: a function, an
# initializer or a computed property; not a protocol's requirements) has a test target named
# after it, <Module>Tests.
module_tests() {
  local targets missing="" name path
  grep -qs "test target of its own" "$example"/README.md "$example"/Steps/*/README.md || return 0
  targets=$(cd "$into" && swift package describe --type json | python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    print(target["name"] + "\t" + target["type"] + "\t" + target["path"])')
  while IFS=$'\t' read -r name type path; do
    [ "$type" = library ] && [[ "$path" == Sources/* ]] || continue
    grep -qE '(func|init|subscript)[^{]*\{|var [A-Za-z_][A-Za-z0-9_]*: [^={]*\{[^}]*$|var [A-Za-z_][A-Za-z0-9_]*: [^={]*\{ *[^g ]' \
      -r --include='*.swift' "$into/$path" || continue
    awk -F '\t' -v t="${name}Tests" '$1 == t && $2 == "test" { found = 1 } END { exit !found }' <<<"$targets" \
      || missing="$missing $name"
  done <<<"$targets"
  if [ -n "$missing" ]; then
    fail "a README says modules have test targets of their own, but these modules with code have none:$missing"
  else
    echo "replay: every module with code of its own has a test target of its own"
  fi
}

# After the last step, each line of the example's manifest-canaries.txt (`error<TAB>line`) is
# appended to a copy of the manifest, which must then fail to compile with that error: the
# layer helpers' signatures are the rule, so a forbidden dependency is a compile error. Each copy
# compiles on its own, two at a time; the outcomes are read in the file's order.
manifest_canaries() {
  local file=$example/manifest-canaries.txt expected line copy outcome count=0 index
  local expectations=() lines=() compiling=()
  [ -f "$file" ] || return 0
  while IFS=$'\t' read -r expected line; do
    case "$expected" in "" | "#"*) continue ;; esac
    expectations+=("$expected")
    lines+=("$line")
  done <"$file"
  for index in "${!lines[@]}"; do
    copy=$logs/manifest-$index
    rm -rf "$copy" && mkdir -p "$copy"
    { cat "$into/Package.swift"; printf '\n%s\n' "${lines[$index]}"; } >"$copy/Package.swift"
    [ "$index" -lt 2 ] || wait "${compiling[$((index - 2))]}"
    (
      status=0
      swift package --package-path "$copy" dump-package >"$copy.outcome" 2>&1 || status=$?
      echo "$status" >"$copy.status"
    ) &
    compiling+=($!)
  done
  wait
  for index in "${!lines[@]}"; do
    copy=$logs/manifest-$index
    line=${lines[$index]}
    outcome=$(cat "$copy.outcome")
    if [ "$(cat "$copy.status")" -eq 0 ]; then
      fail "the manifest of the last step accepts a forbidden dependency: $line"
    elif ! grep -qF "error: ${expectations[$index]}" <<<"$outcome"; then
      fail "the manifest of the last step refuses '$line', but not with 'error: ${expectations[$index]}':"
      grep -m 3 'error:' <<<"$outcome" >&2 || true
    else
      count=$((count + 1))
    fi
  done
  echo "replay: the last step's manifest refuses each of its $count canaries with the compiler's error"
}

started=$SECONDS
# The start as its files, without a build folder a trial left in it.
(cd "$example/Start" && tar --exclude=./.build --exclude=./.swiftpm -cf - .) | tar -xf - -C "$into"
git -C "$into" init -q -b main
commit "Start: $(sed -n '1s/^# //p' "$example/Start/README.md" 2>/dev/null || echo "the app as it is")"
git -C "$into" tag start
echo "replay: Start"
# The start's test folders: a step may change their files only in their import lines (the
# behaviour tests are the migration's safety net); test targets a step adds are its own.
start_tests=$(cd "$into" && find Tests -mindepth 1 -maxdepth 1 -type d 2>/dev/null | sort || true)
# The start's description, read by everything the replay checks at the start (the package does
# not change until the first step).
[ "$mode" = replay ] || (cd "$into" && swift package describe --type json) >"$logs/start-description"
start_size_counted=""
[ "$mode" = replay ] || start_size_counted=$(count_start_size)
: >"$logs/facts"
: >"$logs/reasons"
: >"$logs/recompiled"
codeowners_failed=""
# The one-target example's payoff steps (measure-one-target-payoff.sh): at each, once built, a
# one-line change in the search screen is built too, and the modules it recompiled are written
# down for the payoff table's check.
payoff_steps=""
if [ "$mode" = check ] && [ -z "$through" ] && [ "$example" = "$voyage/Workshop/OneTarget" ]; then
  payoff_steps=" $("$voyage/Workshop/Scripts/measure-one-target-payoff.sh" --list-steps | tr '\n' ' ') "
  source "$voyage/Scripts/lib/modules-built.sh"
fi
# Builds the package again after a one-line change inside the search screen's renderHeader (what
# the payoff table's column measures), writes "TAG<TAB>modules recompiled", and undoes it.
one_line_change() {
  local tag=$1 file line marker
  file=$(cd "$into" && git ls-files | grep -E '(^|/)SearchScreen\.swift$' | head -n 1)
  line=$(grep -n 'func renderHeader(' "$into/$file" | cut -d: -f1)
  [ -n "$line" ] || { fail "$tag: the search screen has no renderHeader for the one-line change"; return; }
  awk -v at="$line" '{ print } NR == at { print "    _ = \"a one-line change\"" }' "$into/$file" >"$logs/changed"
  cp "$logs/changed" "$into/$file"
  marker=$(build_marker)
  if (cd "$into" && swift build --build-tests --explicit-target-dependency-import-check error \
    -Xswiftc -warnings-as-errors >"$logs/build" 2>&1); then
    printf '%s\t%s\n' "$tag" "$(modules_built_since "$marker" "$into/.build/debug" | grep -c . || true)" >>"$logs/recompiled"
  else
    fail "$tag does not build after a one-line change in $file:"; tail -n 10 "$logs/build" >&2
  fi
  rm -f "$marker"
  git -C "$into" checkout -q -- "$file"
}
if [ "$mode" = check ] || [ "$mode" = record ]; then
  verify "Start" ""
  [[ "$payoff_steps" != *" start "* ]] || one_line_change start
  if [ -f "$example/split-previews.txt" ]; then
    while IFS= read -r folder; do
      case "$folder" in "" | "#"*) continue ;; esac
      split_check "$folder"
    done <"$example/split-previews.txt"
  fi
  split_table
  [ ! -f "$example/folder-layers.json" ] || folder_check
fi
previous=$(baseline_length)
steps=0
canaries=()
for folder in "$example"/Steps/*/; do
  folder=${folder%/}
  name=$(basename "$folder")
  number=${name%%-*}
  [ -z "$through" ] || [ "$((10#$number))" -le "$through" ] || break
  title=$(title_of "$folder")
  [ -n "$title" ] || { fail "$name: its README does not start with '# NN. Title'"; break; }
  if compgen -G "$folder/canary*.patch" >/dev/null; then
    # The pull requests that prove CI goes red: a branch each, refused, never merged.
    for patch in "$folder"/canary*.patch; do
      branch=$(basename "$patch" .patch)
      which=${branch#canary}
      which=${which#-}
      git -C "$into" switch -q -c "$branch"
      git -C "$into" apply --whitespace=nowarn "$patch" || { fail "$name: $(basename "$patch") does not apply"; break 2; }
      commit "$title${which:+ ($which)}" "$(description_of "$folder")"
      git -C "$into" tag "step-$number${which:+-$which}"
      canaries+=("$branch")
      echo "replay: $name (branch $branch)"
      if [ "$mode" = check ] || [ "$mode" = record ]; then
        if (cd "$into" && Scripts/ci.sh >"$logs/canary" 2>&1); then
          fail "$name: the example's CI passed with $branch's violation in place"
        elif ! grep -q 'error: \[' "$logs/canary"; then
          fail "$name: the example's CI failed on $branch without naming a violation:"; tail -n 10 "$logs/canary" >&2
        else
          echo "replay: $name ($branch) refused: $(grep -m 1 'error: \[' "$logs/canary")"
        fi
        compare_quote "$name" "$folder/README.md" "$which"
      fi
      if [ "$mode" != replay ] && git -C "$into" log -1 --format=%B | grep '<!--' >/dev/null; then
        fail "$name ($branch): its commit message carries an HTML comment of its README"
      fi
      git -C "$into" switch -q main
    done
    printf '%s\trefused\t0\trefused\n' "$number" >>"$logs/facts"
    continue
  fi
  git -C "$into" apply --whitespace=nowarn "$folder/change.patch" || { fail "$name: its patch does not apply"; break; }
  commit "$title" "$(description_of "$folder")"
  git -C "$into" tag "step-$number"
  steps=$((steps + 1))
  echo "replay: $name"
  if [ "$mode" = check ] || [ "$mode" = record ]; then
    verify "$name" "$folder/README.md"
    [[ "$payoff_steps" != *" step-$number "* ]] || one_line_change "step-$number"
  fi
  [ "$mode" = replay ] || check_claims "$name" "$folder/README.md" "$number"
done

if [ "$mode" != replay ] && [ -z "$through" ]; then
  [ "$(baseline_length)" -eq 0 ] \
    || fail "the last step leaves $(baseline_length) baseline entries; the migration ends with none"
  start_size
  steps_tables
  removal_claims
  module_tests
fi
if [ "$mode" = check ] || [ "$mode" = record ]; then
  [ -n "$through" ] || manifest_canaries
fi
# The payoff the guide quotes, measured on the start and on the end of the whole series.
if [ "$mode" = check ] && [ -z "$through" ] && [ "$example" = "$voyage/Workshop/Migration" ] \
  && [ "$failures" -eq 0 ]; then
  # Two builds at a time: the table counts modules, which do not depend on it.
  "$voyage/Workshop/Scripts/measure-migration-payoff.sh" --check --jobs 2 \
    || fail "the payoff table of the migration guide is stale"
fi
if [ -n "$payoff_steps" ] && [ "$failures" -eq 0 ]; then
  "$voyage/Workshop/Scripts/measure-one-target-payoff.sh" --check --recompiled "$logs/recompiled" \
    || fail "the one-target payoff table of the migration guide is stale"
fi
if [ "$failures" -gt 0 ]; then
  echo "replay: $failures failure(s); the replayed repository is $into" >&2
  exit 1
fi
# What was replayed: every step folder is one pull request, merged or (a canary) refused.
# (Each test is an `if`, so a series without a canary, or a replay through an earlier step, does
# not end the script under `set -e`.)
refused=""
if [ ${#canaries[@]} -gt 0 ]; then
  refused=", the canary refused on branch$(if [ ${#canaries[@]} -gt 1 ]; then echo es; fi) ${canaries[*]}"
fi
pull_requests=$((steps + $(if [ ${#canaries[@]} -gt 0 ]; then echo 1; else echo 0; fi)))
summary="$pull_requests pull requests ($steps merged$refused)"
# A check in a folder of its own choosing leaves nothing behind when it passed.
if [ "$mode" != replay ] && [ "$temporary" -eq 1 ]; then
  rm -rf "$into"
  case "$mode" in record) done_what="recorded" ;; claims) done_what="checked (claims only, no build)" ;; *) done_what="checked" ;; esac
  echo "replay: every step $done_what: $summary, $((SECONDS - started)) s"
  exit 0
fi
echo "replay: $summary in $into ($((SECONDS - started)) s); step NN is the tag step-NN, a canary's on its branch: git -C $into log --all --oneline --decorate"
