#!/usr/bin/env bash
# Replays the migration example (Workshop/Migration) as a git repository: the starting package as
# the first commit (tagged `start`), then one commit per step (its change.patch), tagged
# `step-NN` after the step's folder, its message the step's description (README.md: the title,
# then the rest), with a fixed author date, so `git log -p` reads as the series of pull requests
# and `git checkout step-NN` moves to any step. A canary step's patches (canary.patch, and any
# canary-NAME.patch) are branches of their own, `canary` and `canary-NAME` (tagged `step-NN`
# and `step-NN-NAME`), never merged.
#
#   Workshop/Scripts/replay-migration.sh [--through N] [--into DIR] [--check | --record] [--example DIR]
#
#   --through N   stop after step N (default: every step)
#   --into DIR    the repository to create; DIR must not exist or be empty (default: a new
#                 temporary folder, printed at the end)
#   --check       after each step, build it (undeclared imports and warnings are errors), run its
#                 tests, and run the linter command its README quotes, which must print exactly
#                 what the README shows; the baseline may never grow and must end empty, and a
#                 step that shrinks it names each entry it deletes; each canary must make the
#                 example's CI script fail; after the last step, each line of manifest-canaries.txt
#                 must make its manifest fail to compile; if the example has behaviour.sh, every
#                 step must print exactly its behaviour.txt; at the start, the split of each
#                 folder split-previews.txt names must fail exactly where the linter's
#                 --split-preview says, and folder-layers.json must find what the README quotes;
#                 after the whole series, the
#                 migration guide's payoff table must be what measure-migration-payoff.sh prints
#   --record      as --check, but write each README's quoted linter output instead of comparing
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

if [ "$mode" != replay ]; then
  if [ -z "${CHECK_ARCHITECTURE:-}" ]; then
    swift build --package-path Workshop/ArchitectureLinter --product check-architecture >/dev/null
    CHECK_ARCHITECTURE="$(swift build --package-path Workshop/ArchitectureLinter --show-bin-path)/check-architecture"
  fi
  export CHECK_ARCHITECTURE
fi

# Every commit the same author and date, so two replays give the same commit identities.
export GIT_AUTHOR_NAME=Voyage GIT_AUTHOR_EMAIL=voyage@example.invalid
export GIT_COMMITTER_NAME=Voyage GIT_COMMITTER_EMAIL=voyage@example.invalid
export GIT_AUTHOR_DATE="2026-01-05T09:00:00Z" GIT_COMMITTER_DATE="2026-01-05T09:00:00Z"
# Commits everything with the message $1, and the description $2 (if any) as its body.
commit() {
  git -C "$into" add -A
  if [ -n "${2:-}" ]; then
    printf '%s\n\n%s\n' "$1" "$2" | git -C "$into" commit -q --no-verify --cleanup=verbatim -F -
  else
    git -C "$into" commit -q --no-verify -m "$1"
  fi
}

# The title of a step: its README's first line, `# NN. Title`.
title_of() { sed -n '1s/^# [0-9]*\. //p' "$1/README.md"; }
# The description of a step, as its pull request shows it: the README after the title.
description_of() { sed '1d' "$1/README.md" | sed '/./,$!d'; }

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

# Builds and tests the package as it is now, and runs the README's linter command.
verify() {
  local name=$1 readme=$2
  if ! (cd "$into" && swift build --build-tests --explicit-target-dependency-import-check error \
    -Xswiftc -warnings-as-errors >"$logs/build" 2>&1); then
    fail "$name does not build:"; tail -n 20 "$logs/build" >&2; return
  fi
  if ! (cd "$into" && swift test --skip-build >"$logs/test" 2>&1); then
    fail "$name: its tests fail:"; { grep -E '✘|error' "$logs/test" | head -n 20 >&2 || true; }; return
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
  # The step's configuration, if it has one, against the schema editors check it with.
  if [ -f "$into/architecture.json" ] && ! "$voyage/Workshop/ArchitectureLinter/Scripts/validate-configurations.py" \
    "$into/architecture.json" >"$logs/schema" 2>&1; then
    fail "$name: its architecture.json does not match the schema:"; head -n 10 "$logs/schema" >&2
  fi
  [ -n "$readme" ] || return 0
  compare_quote "$name" "$readme"
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
  preview=$(cd "$into" && swift package describe --type json | "$CHECK_ARCHITECTURE" --split-preview "$folder" --format json) \
    || { fail "the split preview of $folder failed"; return; }
  target=$(python3 -c 'import json, sys; print(json.load(sys.stdin)["target"])' <<<"$preview")
  predicted=$(python3 -c 'import json, sys
for use in json.load(sys.stdin)["uses"]: print("%s:%d:%d" % (use["file"], use["line"], use["column"]))' <<<"$preview" | sort -u)
  relative=${folder#*/"$target"/}
  rm -rf "$copy" && mkdir -p "$copy"
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

# The folder rule at the start: the linter with the example's folder-layers.json, whose findings
# (and summary line) the example's README quotes after its `<!-- folder layers at the start -->`.
folder_check() {
  local config=$example/folder-layers.json readme=$example/README.md actual expected rewritten
  actual=$(cd "$into" && swift package describe --type json | "$CHECK_ARCHITECTURE" --config "$config" 2>&1 \
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

# After the last step, each line of the example's manifest-canaries.txt (`error<TAB>line`) is
# appended to a copy of the manifest, which must then fail to compile with that error: the
# layer helpers' signatures are the rule, so a forbidden dependency is a compile error.
manifest_canaries() {
  local file=$example/manifest-canaries.txt expected line copy=$logs/manifest outcome count=0
  [ -f "$file" ] || return 0
  while IFS=$'\t' read -r expected line; do
    case "$expected" in "" | "#"*) continue ;; esac
    rm -rf "$copy" && mkdir -p "$copy"
    { cat "$into/Package.swift"; printf '\n%s\n' "$line"; } >"$copy/Package.swift"
    if outcome=$(swift package --package-path "$copy" dump-package 2>&1); then
      fail "the manifest of the last step accepts a forbidden dependency: $line"
    elif ! grep -qF "error: $expected" <<<"$outcome"; then
      fail "the manifest of the last step refuses '$line', but not with 'error: $expected':"
      grep -m 3 'error:' <<<"$outcome" >&2 || true
    else
      count=$((count + 1))
    fi
  done <"$file"
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
if [ "$mode" != replay ]; then
  verify "Start" ""
  if [ -f "$example/split-previews.txt" ]; then
    while IFS= read -r folder; do
      case "$folder" in "" | "#"*) continue ;; esac
      split_check "$folder"
    done <"$example/split-previews.txt"
  fi
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
      if [ "$mode" != replay ]; then
        if (cd "$into" && Scripts/ci.sh >"$logs/canary" 2>&1); then
          fail "$name: the example's CI passed with $branch's violation in place"
        elif ! grep -q 'error: \[' "$logs/canary"; then
          fail "$name: the example's CI failed on $branch without naming a violation:"; tail -n 10 "$logs/canary" >&2
        else
          echo "replay: $name ($branch) refused: $(grep -m 1 'error: \[' "$logs/canary")"
        fi
        compare_quote "$name" "$folder/README.md" "$which"
      fi
      git -C "$into" switch -q main
    done
    continue
  fi
  git -C "$into" apply --whitespace=nowarn "$folder/change.patch" || { fail "$name: its patch does not apply"; break; }
  commit "$title" "$(description_of "$folder")"
  git -C "$into" tag "step-$number"
  steps=$((steps + 1))
  echo "replay: $name"
  if [ "$mode" != replay ]; then
    verify "$name" "$folder/README.md"
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
    # The README says the length the baseline has after the step, in its last paragraph.
    if [ -f "$into/architecture-baseline.txt" ] \
      && ! awk '/^<!-- linter output -->$/ { on = 1 } on' "$folder/README.md" \
      | grep -Eq "(to|at|with) $length( entr|[,;. ])"; then
      fail "$name: its README does not say that the baseline has $length entries after it"
    fi
    # The first baseline is taken once; from then on the list only shrinks.
    if [ "$previous" -gt 0 ] && [ "$length" -gt "$previous" ]; then
      fail "$name: the baseline grew from $previous to $length entries"
    fi
    # Each entry the step deletes is named in its description, so a reader can see what was
    # resolved and how (an entry that goes because of an access level is not a module cut).
    while IFS= read -r entry; do
      [ -z "$entry" ] || grep -qF -- "$entry" "$folder/README.md" \
        || fail "$name deletes the baseline entry '$entry' without naming it in its README"
    done < <(comm -23 <(baseline_entries_at HEAD~1) <(baseline_entries_at HEAD))
    previous=$length
  fi
done

if [ "$mode" != replay ] && [ -z "$through" ] && [ "$(baseline_length)" -ne 0 ]; then
  fail "the last step leaves $(baseline_length) baseline entries; the migration ends with none"
fi
[ "$mode" = replay ] || [ -n "$through" ] || manifest_canaries
# The payoff the guide quotes, measured on the start and on the end of the whole series.
if [ "$mode" = check ] && [ -z "$through" ] && [ "$example" = "$voyage/Workshop/Migration" ] \
  && [ "$failures" -eq 0 ]; then
  # Two builds at a time: the table counts modules, which do not depend on it.
  "$voyage/Workshop/Scripts/measure-migration-payoff.sh" --check --jobs 2 \
    || fail "the payoff table of the migration guide is stale"
fi
if [ "$mode" = check ] && [ -z "$through" ] && [ "$example" = "$voyage/Workshop/OneTarget" ] \
  && [ "$failures" -eq 0 ]; then
  "$voyage/Workshop/Scripts/measure-one-target-payoff.sh" --check \
    || fail "the one-target payoff table of the migration guide is stale"
fi
if [ "$failures" -gt 0 ]; then
  echo "replay: $failures failure(s); the replayed repository is $into" >&2
  exit 1
fi
# What was replayed: every step folder is one pull request, merged or (a canary) refused.
pull_requests=$((steps + $( [ ${#canaries[@]} -gt 0 ] && echo 1 || echo 0)))
summary="$pull_requests pull requests ($steps merged$( [ ${#canaries[@]} -gt 0 ] && echo ", the canary refused on branch$( [ ${#canaries[@]} -gt 1 ] && echo es) ${canaries[*]}"))"
# A check in a folder of its own choosing leaves nothing behind when it passed.
if [ "$mode" != replay ] && [ "$temporary" -eq 1 ]; then
  rm -rf "$into"
  [ "$mode" = record ] && done_what="recorded" || done_what="checked"
  echo "replay: every step $done_what: $summary, $((SECONDS - started)) s"
  exit 0
fi
echo "replay: $summary in $into ($((SECONDS - started)) s); step NN is the tag step-NN: git -C $into log --oneline --decorate"
