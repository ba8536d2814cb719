#!/usr/bin/env bash
# Makes this repository someone else's app in one command, in place:
#
#   Scripts/fork.sh <NewName> [--org NAME] [--env-prefix PREFIX] [--no-check]
#
# Renames the package and the app (its current name, read from Package.swift, → NewName): the
# executable and every command in help, completions, manual and docs (voyage → newname), the home
# folder (~/.voyage → ~/.newname), the environment variables (VOYAGE_… → PREFIX_…, default
# NEWNAME_…) and the owners' teams in CODEOWNERS and the module READMEs (@voyage/… → @org/…,
# default the lowercased name); files and folders named after the app are renamed too. Then it formats the code, regenerates the module graphs and
# runs the check suite (unless --no-check). It refuses a bad name before changing anything.
# ArchitectureLinter/ (the linter's own package, its fixtures included) is left alone: it is not the app.
set -euo pipefail
source "$(dirname "$0")/lib/package-name.sh"
cd "$(dirname "$0")/.."

# The whole script is one function, read before anything runs: it rewrites files of this
# repository, and bash would otherwise read the rest of a script from a changed file.
main() {
usage() {
  echo "Usage: Scripts/fork.sh <NewName> [--org NAME] [--env-prefix PREFIX] [--no-check]" >&2
  exit 64
}
refuse() {
  echo "Error: $1" >&2
  usage
}

# The current name is the package's, so a fork can be forked again.
old=$(package_name)
[ -n "$old" ] || refuse "cannot find the package's name (a line '  name: \"…\",') in Package.swift"
check=1
org=""
prefix=""
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --org) [ $# -ge 2 ] || refuse "--org needs a value"; org=$2; shift 2 ;;
    --env-prefix) [ $# -ge 2 ] || refuse "--env-prefix needs a value"; prefix=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    -h | --help) usage ;;
    -*) refuse "unknown option '$1'" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -eq 1 ] || usage
new=${positional[0]}
lower_old=$(tr '[:upper:]' '[:lower:]' <<<"$old")
upper_old=$(tr '[:lower:]' '[:upper:]' <<<"$old")
lower_new=$(tr '[:upper:]' '[:lower:]' <<<"$new")
org=${org:-$lower_new}
prefix=${prefix:-$(tr '[:lower:]' '[:upper:]' <<<"$new")}

# Every refusal comes before the first change.
[[ "$new" =~ ^[A-Z][A-Za-z0-9]{1,30}$ ]] \
  || refuse "'$new' is not an app name: use a Swift type name such as Atlas (letters and digits, a capital first)"
[ "$new" != "$old" ] || refuse "the app is already called $old"
if grep -q "$old" <<<"$new"; then refuse "'$new' contains '$old'; choose a name of its own"; fi
case "$new" in
  Swift | Foundation | Dispatch | Glibc | Darwin | Testing | XCTest | Self | Any | Type | Protocol | Error | Never)
    refuse "'$new' is the name of a module or type every Swift program sees" ;;
esac
if compgen -G "Sources/*/$new" >/dev/null || compgen -G "Tests/${new}Tests" >/dev/null \
  || grep -q "\"$new\"" Package.swift; then
  refuse "'$new' is already the name of a module of this package"
fi
[[ "$prefix" =~ ^[A-Z][A-Z0-9_]*$ ]] || refuse "'$prefix' is not an environment-variable prefix: use capitals, digits and _"
[[ "$org" =~ ^[a-z0-9][a-z0-9-]*$ ]] || refuse "'$org' is not an organisation name: use lowercase letters, digits and -"
git rev-parse --is-inside-work-tree >/dev/null 2>&1 || refuse "run it inside the repository's git work tree"
if [ -n "$(git status --porcelain)" ]; then
  refuse "the work tree has uncommitted changes; commit or stash them first, so the fork is one reviewable change"
fi

# From here on a failure puts the tree back as it was: it was clean (refused above otherwise), so
# "as it was" is the commit checked out, its renames, edits and new files all undone. An EXIT
# trap, so a failure inside a pipeline or a function, or an interrupt, undoes too; a failing
# check suite at the end does not: the fork is done, and its failures are to read.
finished=0
trap 'status=$?
  if [ "$finished" -eq 0 ] && [ "$status" -ne 0 ]; then
    git reset -q --hard HEAD && git clean -q -fd
    echo "fork: failed; every change was undone" >&2
  fi' EXIT

# The text: the team first (it holds the lowercase name), then the variables, then each spelling.
files=()
while IFS= read -r -d '' file; do
  [[ "$file" == ArchitectureLinter/* || "$file" == Scripts/fork.sh ]] && continue
  grep -qiI "$old" "$file" && files+=("$file")
done < <(git ls-files -z)
OLD="$old" NEW="$new" LOWER_OLD="$lower_old" LOWER_NEW="$lower_new" UPPER_OLD="$upper_old" \
  PREFIX="$prefix" ORG="$org" perl -pi -e '
    s/\@$ENV{LOWER_OLD}\//\@$ENV{ORG}\//g;
    s/$ENV{UPPER_OLD}_/$ENV{PREFIX}_/g;
    s/$ENV{UPPER_OLD}/\U$ENV{NEW}/g;
    s/$ENV{OLD}/$ENV{NEW}/g;
    s/$ENV{LOWER_OLD}/$ENV{LOWER_NEW}/g;
  ' "${files[@]}"

# The linter's package links to the app's articles: those links follow the catalog's new name.
while IFS= read -r -d '' file; do
  grep -qF "docs/$old.docc" "$file" || continue
  OLD="$old" NEW="$new" perl -pi -e 's/docs\/$ENV{OLD}\.docc/docs\/$ENV{NEW}.docc/g' "$file"
done < <(git ls-files -z ArchitectureLinter)

# The paths: deepest first, so a folder is renamed after what it holds.
git ls-files | grep -v '^ArchitectureLinter/' | grep -i "$old" | while IFS= read -r path; do
  dir=$path
  while [ "$dir" != "." ]; do
    echo "$dir"
    dir=$(dirname "$dir")
  done
done | grep -i "$old" | sort -u | awk '{ print length, $0 }' | sort -rn | cut -d' ' -f2- \
  | while IFS= read -r path; do
    [ -e "$path" ] || continue
    base=$(basename "$path")
    renamed=$(OLD="$old" NEW="$new" LOWER_OLD="$lower_old" LOWER_NEW="$lower_new" \
      perl -pe 's/$ENV{OLD}/$ENV{NEW}/g; s/$ENV{LOWER_OLD}/$ENV{LOWER_NEW}/g' <<<"$base")
    [ "$renamed" = "$base" ] || git mv "$path" "$(dirname "$path")/$renamed"
  done

# Names changed length: the formatter re-wraps, and the linter redraws the graphs.
swift format -i --recursive Package.swift Sources Scripts Benchmarks Tests/*Tests Tests/Support
Scripts/redraw-graphs.sh

finished=1
echo "fork: $old is now $new (executable '$lower_new', home ~/.${lower_new}, variables ${prefix}_…, teams @$org/…)"
echo "fork: review with 'git status' and 'git diff', then commit"
if [ "$check" -eq 1 ]; then
  Scripts/check.sh
fi
}

main "$@"
