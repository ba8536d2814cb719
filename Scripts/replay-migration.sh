#!/usr/bin/env bash
# Replays the migration example (Examples/Migration) as a git repository: the starting package as
# the first commit, then one commit per step (its change.patch), the step's title as the message
# and a fixed author date, so `git log -p` reads as the series of pull requests and
# `git checkout` moves to any step. The canary step (canary.patch) is a branch, `canary`, never
# merged.
#
#   Scripts/replay-migration.sh [--through N] [--into DIR] [--check | --record] [--example DIR]
#
#   --through N   stop after step N (default: every step)
#   --into DIR    the repository to create; DIR must not exist or be empty (default: a new
#                 temporary folder, printed at the end)
#   --check       after each step, build it (undeclared imports and warnings are errors), run its
#                 tests, and run the linter command its README quotes, which must print exactly
#                 what the README shows; the baseline may never grow and must end empty, and the
#                 canary must make the example's CI script fail; at the start, the split of each
#                 folder split-previews.txt names must fail exactly where the linter's
#                 --split-preview says, and folder-layers.json must find what the README quotes;
#                 after the whole series, the
#                 migration guide's payoff table must be what measure-migration-payoff.sh prints
#   --record      as --check, but write each README's quoted linter output instead of comparing
#   --example DIR the example to replay (default: Examples/Migration)
#
#   Scripts/replay-migration.sh --export REPOSITORY [--example DIR]
#
#   --export      the way back, to edit the series: from a repository shaped like a replay (its
#                 first commit the start, then one commit per step on main, the canary on the
#                 branch `canary`), write Start/ and each step's patch; the steps' folders and
#                 READMEs stay, matched to the commits in order
#
# The linter is $CHECK_ARCHITECTURE when set, else Voyage's own, built here.
set -euo pipefail
# Relative paths (CHECK_ARCHITECTURE, --into, --export) are the caller's: made absolute before
# anything changes folder.
caller=$PWD
case "${CHECK_ARCHITECTURE:-}" in
  "" | /*) ;;
  */*) CHECK_ARCHITECTURE=$caller/$CHECK_ARCHITECTURE ;;
esac
cd "$(dirname "$0")/.."
voyage=$PWD
example=$voyage/Examples/Migration

usage() {
  sed -n '9,9p' "$0" | sed 's/^# \{0,1\}/Usage: /' >&2
  exit 64
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
    -h | --help) sed -n '2,31p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
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
    if [ -f "$folder/canary.patch" ] || [[ "$(basename "$folder")" == *-canary-* ]]; then
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
    git -C "$into" rev-parse --verify --quiet canary >/dev/null \
      || { echo "Error: Steps/ has a canary, '$into' no branch canary" >&2; exit 1; }
    git -C "$into" diff --binary canary~1 canary >"$canary/canary.patch"
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
    swift build --product check-architecture >/dev/null
    CHECK_ARCHITECTURE="$(swift build --show-bin-path)/check-architecture"
  fi
  export CHECK_ARCHITECTURE
fi

# Every commit the same author and date, so two replays give the same commit identities.
export GIT_AUTHOR_NAME=Voyage GIT_AUTHOR_EMAIL=voyage@example.invalid
export GIT_COMMITTER_NAME=Voyage GIT_COMMITTER_EMAIL=voyage@example.invalid
export GIT_AUTHOR_DATE="2026-01-05T09:00:00Z" GIT_COMMITTER_DATE="2026-01-05T09:00:00Z"
commit() { git -C "$into" add -A && git -C "$into" commit -q --no-verify -m "$1"; }

# The title of a step: its README's first line, `# NN. Title`.
title_of() { sed -n '1s/^# [0-9]*\. //p' "$1/README.md"; }

# The entries of the baseline (not its comments), or 0 without one.
baseline_length() {
  local file=$into/architecture-baseline.txt
  [ -f "$file" ] || { echo 0; return; }
  grep -cEv '^[[:space:]]*(#|$)' "$file" || true
}

# The linter command a README quotes (the `$ ` line after its `<!-- linter output -->` marker)
# and the output it shows (up to the closing fence).
quoted_command() { awk '/^<!-- linter output -->$/ { on = 1; next } on && /^\$ / { print substr($0, 3); exit }' "$1"; }
quoted_output() {
  awk '/^<!-- linter output -->$/ { on = 1; next } on && /^\$ / { shown = 1; next }
    shown && /^```$/ { exit } shown { print }' "$1"
}
# Writes `output` as the quoted output of README `$1`, keeping everything else.
record_output() {
  local readme=$1 output=$2 rewritten
  rewritten=$(OUTPUT="$output" awk '
    /^<!-- linter output -->$/ { print; on = 1; next }
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
  # The step's configuration, if it has one, against the schema editors check it with.
  if [ -f "$into/architecture.json" ] && ! "$voyage/ArchitectureLinter/Scripts/validate-configurations.py" \
    "$into/architecture.json" >"$logs/schema" 2>&1; then
    fail "$name: its architecture.json does not match the schema:"; head -n 10 "$logs/schema" >&2
  fi
  [ -n "$readme" ] || return 0
  compare_quote "$name" "$readme"
}

# Runs the linter command README `$2` quotes and compares (or records) what it prints.
compare_quote() {
  local name=$1 readme=$2 command expected actual
  command=$(quoted_command "$readme")
  [ -n "$command" ] || { fail "$name: its README quotes no linter command after <!-- linter output -->"; return; }
  [[ "$command" == Scripts/check-architecture.sh* ]] \
    || { fail "$name: the quoted command must run Scripts/check-architecture.sh, not '$command'"; return; }
  actual=$(cd "$into" && bash -c "$command" 2>&1) || true
  if [ "$mode" = record ]; then
    record_output "$readme" "$actual"
  else
    expected=$(quoted_output "$readme")
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

started=$SECONDS
cp -R "$example/Start/." "$into/"
git -C "$into" init -q -b main
commit "Start: a layer-first app"
echo "replay: Start"
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
for folder in "$example"/Steps/*/; do
  folder=${folder%/}
  name=$(basename "$folder")
  number=$((10#${name%%-*}))
  [ -z "$through" ] || [ "$number" -le "$through" ] || break
  title=$(title_of "$folder")
  [ -n "$title" ] || { fail "$name: its README does not start with '# NN. Title'"; break; }
  if [ -f "$folder/canary.patch" ]; then
    # The pull request that proves CI goes red: a branch of its own, refused, never merged.
    git -C "$into" switch -q -c canary
    git -C "$into" apply --whitespace=nowarn "$folder/canary.patch" || { fail "$name: its patch does not apply"; break; }
    commit "$title"
    echo "replay: $name (branch canary)"
    if [ "$mode" != replay ]; then
      if (cd "$into" && Scripts/ci.sh >"$logs/canary" 2>&1); then
        fail "$name: the example's CI passed with the canary's violation in place"
      elif ! grep -q 'error: \[' "$logs/canary"; then
        fail "$name: the example's CI failed without naming a violation:"; tail -n 10 "$logs/canary" >&2
      else
        echo "replay: $name refused: $(grep -m 1 'error: \[' "$logs/canary")"
      fi
      compare_quote "$name" "$folder/README.md"
    fi
    git -C "$into" switch -q main
    continue
  fi
  git -C "$into" apply --whitespace=nowarn "$folder/change.patch" || { fail "$name: its patch does not apply"; break; }
  commit "$title"
  steps=$((steps + 1))
  echo "replay: $name"
  if [ "$mode" != replay ]; then
    verify "$name" "$folder/README.md"
    # The behaviour tests are the migration's safety net: a step may change their imports only.
    changed=$(git -C "$into" diff HEAD~1 HEAD -- Tests | grep -E '^[+-]' | grep -Ev '^(\+\+\+|---) ' \
      | grep -Ev '^[+-][[:space:]]*((@testable|public|internal|private) )?import [A-Za-z_]+[[:space:]]*$|^[+-][[:space:]]*$' || true)
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
    previous=$length
  fi
done

if [ "$mode" != replay ] && [ -z "$through" ] && [ "$(baseline_length)" -ne 0 ]; then
  fail "the last step leaves $(baseline_length) baseline entries; the migration ends with none"
fi
# The payoff the guide quotes, measured on the start and on the end of the whole series.
if [ "$mode" = check ] && [ -z "$through" ] && [ "$example" = "$voyage/Examples/Migration" ] \
  && [ "$failures" -eq 0 ]; then
  "$voyage/Scripts/measure-migration-payoff.sh" --check || fail "the payoff table of the migration guide is stale"
fi
if [ "$failures" -gt 0 ]; then
  echo "replay: $failures failure(s); the replayed repository is $into" >&2
  exit 1
fi
# A check in a folder of its own choosing leaves nothing behind when it passed.
if [ "$mode" != replay ] && [ "$temporary" -eq 1 ]; then
  checked="$steps steps$(git -C "$into" rev-parse --verify --quiet canary >/dev/null && echo " and the canary")"
  rm -rf "$into"
  [ "$mode" = record ] && done_what="recorded" || done_what="checked"
  echo "replay: every step $done_what ($checked, $((SECONDS - started)) s)"
  exit 0
fi
canary_note=""
git -C "$into" rev-parse --verify --quiet canary >/dev/null && canary_note=" and the canary (branch canary)"
echo "replay: $steps steps$canary_note in $into ($((SECONDS - started)) s); read it with: git -C $into log --oneline"
