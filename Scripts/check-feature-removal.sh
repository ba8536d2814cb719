#!/usr/bin/env bash
# Proves that a fork can drop a sample feature and keep the whole check suite green, the
# documentation step included: for each feature, in a fresh copy of the repository (its files as
# they are on disk, committed in a git repository of its own), it runs
#
#   Scripts/fork.sh <Name> --no-check && Scripts/remove-module.sh <Feature> --no-check \
#     && Scripts/check.sh --without-sanitizer --without-migration --without-linter-package \
#       --one-engine --without-tool-tests
#
# and then that the fork names the app it came from nowhere, not even in what its command prints,
# and fails naming each feature whose removal left a step failing. Five parts are left out: the
# Thread Sanitizer step runs the same tests again, and what a removal can break the ordinary run
# sees; the migration example (its replay and the replay's tests) and the architecture linter's
# package (its build, its tests, its own architecture and its import scanner's agreement with the
# compiler) are packages of their own that use none of Voyage's modules, and the fork leaves them
# alone; the tests of the repository's tools (forking, scaffolding,
# adopting the linter, measuring) ran on the original, and the fork changes none of the tools;
# the second engine's build, which a removal changes no differently from the first's.
#
#   Scripts/check-feature-removal.sh [FEATURE…]     (default: every module of the Features layer)
#
# Each feature costs one run of the check suite; CI runs it for one feature, a person for all.
source "$(dirname "$0")/lib/script-help.sh"
source "$(dirname "$0")/lib/package-name.sh"
source "$(dirname "$0")/lib/strict-build.sh"
set -euo pipefail
cd "$(dirname "$0")/.."

for argument in "$@"; do
  case "$argument" in
    -h | --help) script_help; exit 0 ;;
    -*) echo "Error: unknown option '$argument'" >&2; exit 64 ;;
  esac
done
targets=$(swift package describe --type json | swift Scripts/check-architecture.swift --list-targets)
features=("$@")
if [ ${#features[@]} -eq 0 ]; then
  while IFS= read -r feature; do features+=("$feature"); done < <(
    awk -F '\t' '$2 == "library" && $3 == "Features" { print $1 }' <<<"$targets")
fi
[ ${#features[@]} -gt 0 ] || { echo "Error: the architecture has no Features module" >&2; exit 1; }
for feature in "${features[@]}"; do
  awk -F '\t' -v n="$feature" '$1 == n && $3 == "Features" { found = 1 } END { exit !found }' \
    <<<"$targets" || { echo "Error: '$feature' is not a module of the Features layer" >&2; exit 64; }
done
app=$(package_name)
# The fork and the removal are commands of the scaffolding tool, built once here rather than in
# each copy (the fork leaves the tool as it is), with the check suite's flags, so that after its
# build (in CI) this one has nothing to do.
scaffolding_build=(--package-path Workshop/Scaffolding "${strict_build_flags[@]}")
swift build "${scaffolding_build[@]}" --product scaffold >/dev/null
SCAFFOLD=$(swift build "${scaffolding_build[@]}" --show-bin-path)/scaffold
export SCAFFOLD
fork=Atlas
[ "$app" != "$fork" ] || fork=Wayfarer

# Run in the fork after its suite passed: no file (the help snapshots the removal re-recorded
# included) and nothing the built command prints for help names the app it was forked from, outside
# the linter's package, which names Voyage as its example.
renamed_everywhere() { # APP FORK
  local leftovers help
  leftovers=$(git grep --untracked -il "$1" -- . ':!Workshop/ArchitectureLinter' || true)
  [ -z "$leftovers" ] || { printf 'the fork still names %s in:\n%s\n' "$1" "$leftovers" >&2; return 1; }
  help=$("$(swift build "${voyage_build_flags[@]}" --show-bin-path)/$(tr '[:upper:]' '[:lower:]' <<<"$2")" --help) || return 1
  if grep -qi "$1" <<<"$help"; then
    printf "the fork's --help still names %s:\n%s\n" "$1" "$help" >&2
    return 1
  fi
  echo "==> the fork names $1 nowhere, its --help included"
}

failed=()
for feature in "${features[@]}"; do
  copy=$(mktemp -d)
  echo "==> $feature: fork as $fork, remove $feature, run the check suite (in $copy)"
  git ls-files -z --cached --others --exclude-standard \
    | xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done; true' files \
    | xargs -0 tar -cf - | tar -xf - -C "$copy"
  # One chain of &&: errexit does not apply inside the condition of an `if`.
  # The fork renames the environment's prefix too (VOYAGE_… → ATLAS_…): what CI exported for the
  # original (the test database's URL) is handed on under the fork's names.
  upper_app=$(tr '[:lower:]' '[:upper:]' <<<"$app")
  upper_fork=$(tr '[:lower:]' '[:upper:]' <<<"$fork")
  while IFS= read -r name; do
    export "${upper_fork}_${name#"${upper_app}"_}=${!name}"
  done < <(compgen -e | grep "^${upper_app}_" || true)
  if (
    cd "$copy" && commit() { git -c user.name=Fork -c user.email=fork@example.com commit -qm "$1"; } \
      && git init -q && git add -A && commit "copy" \
      && Scripts/fork.sh "$fork" --no-check && git add -A && commit "fork" \
      && Scripts/remove-module.sh "$feature" --no-check && git add -A && commit "remove $feature" \
      && Scripts/check.sh --without-sanitizer --without-migration --without-linter-package --one-engine \
        --without-tool-tests \
      && renamed_everywhere "$app" "$fork"
  ); then
    echo "==> $feature: the suite passed without it"
    rm -rf "$copy"
  else
    echo "==> $feature: FAILED; the copy is kept in $copy" >&2
    failed+=("$feature")
  fi
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "feature removal: the check suite failed without ${failed[*]}" >&2
  exit 1
fi
echo "feature removal: the check suite passes without each of ${features[*]}"
