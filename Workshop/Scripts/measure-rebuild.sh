#!/usr/bin/env bash
# Measures what one change costs a build: in a copy of a Swift package (the package itself is
# never touched), it builds everything, makes the change, builds again, and reads which modules
# recompiled from the files the build wrote (Scripts/lib/modules-built.sh). It also
# says what the change touches: files, folders and modules.
#
#   Workshop/Scripts/measure-rebuild.sh [--public] [--json] MODULE [PACKAGE]
#   Workshop/Scripts/measure-rebuild.sh --patch FILE [--json] [PACKAGE]
#
#   MODULE        a one-line change inside MODULE: a statement added to the first function body
#                 that can take one (what most edits are), or else a private function added
#   --public      instead, a new public declaration in MODULE: its interface changes, so the
#                 modules that import it recompile too
#   --patch FILE  instead, a change of your own: a patch (git diff) applied to the copy
#   --json        one JSON document instead of text
#   PACKAGE       the package's folder (default: the current one)
#
# Exit status: 0 measured, 1 the package did not build (before or after the change), 64 usage.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
source "$(dirname "$0")/../../Scripts/lib/modules-built.sh"
set -euo pipefail

usage() {
  script_usage
}
public=0
patch=""
json=0
arguments=()
while [ $# -gt 0 ]; do
  case "$1" in
    --public) public=1; shift ;;
    --patch) [ $# -ge 2 ] || usage; patch=$2; shift 2 ;;
    --json) json=1; shift ;;
    -h | --help) script_help; exit 0 ;;
    -*) echo "Error: unknown option '$1'" >&2; usage ;;
    *) arguments+=("$1"); shift ;;
  esac
done
module=""
if [ -z "$patch" ]; then
  [ ${#arguments[@]} -ge 1 ] || { echo "Error: name the MODULE to change, or give --patch FILE" >&2; usage; }
  module=${arguments[0]}
  arguments=("${arguments[@]:1}")
elif [ "$public" -eq 1 ]; then
  echo "Error: --public changes a module; it does not combine with --patch" >&2
  usage
fi
[ ${#arguments[@]} -le 1 ] || { echo "Error: one PACKAGE at most" >&2; usage; }
package=${arguments[0]:-.}
[ -f "$package/Package.swift" ] || { echo "Error: '$package' has no Package.swift" >&2; exit 64; }
if [ -n "$patch" ]; then
  [ -f "$patch" ] || { echo "Error: the patch '$patch' does not exist" >&2; exit 64; }
  patch=$(cd "$(dirname "$patch")" && pwd)/$(basename "$patch")
fi

copy=$(mktemp -d "${TMPDIR:-/tmp}/measure-rebuild.XXXXXX")
trap 'rm -rf "$copy"' EXIT
# The package's files without its build folder: what git tracks, or everything else.
if git -C "$package" rev-parse --show-toplevel >/dev/null 2>&1; then
  (cd "$package" && git ls-files -z --cached --others --exclude-standard . \
    | xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done; true' files \
    | xargs -0 tar -cf - | tar -xf - -C "$copy")
else
  (cd "$package" && tar --exclude=./.build -cf - .) | tar -xf - -C "$copy"
fi
cd "$copy"

# Each target as "name<TAB>path", from the package description.
targets=$(swift package describe --type json | python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    print(target["name"] + "\t" + target["path"])')
folder_of() { awk -F '\t' -v m="$1" '$1 == m { print $2 }' <<<"$targets"; }
module_of_file() { # the target whose folder holds the file (the longest match)
  awk -F '\t' -v f="$1" 'index(f, $2 "/") == 1 && length($2) > best { best = length($2); name = $1 }
    END { if (name != "") print name }' <<<"$targets"
}
if [ -n "$module" ] && [ -z "$(folder_of "$module")" ]; then
  echo "Error: '$module' is not a target of the package" >&2
  exit 64
fi

milliseconds_since() { echo $((($(date +%s%N) - $1) / 1000000)); }
marker=$(build_marker)
if ! full=$(swift build --build-tests </dev/null 2>&1); then
  rm -f "$marker"
  echo "Error: the package does not build before the change:" >&2
  tail -n 20 <<<"$full" >&2
  exit 1
fi
all=$(modules_built_since "$marker")
git init -q .
printf '.build/\n.swiftpm/\n' >>.git/info/exclude
git add -A >/dev/null 2>&1 && git -c user.name=m -c user.email=m@example.invalid commit -qm before >/dev/null 2>&1 || true

if [ -n "$patch" ]; then
  git apply --whitespace=nowarn "$patch" || { echo "Error: the patch does not apply to '$package'" >&2; exit 1; }
  change="the patch $(basename "$patch")"
else
  folder=$(folder_of "$module")
  if [ "$public" -eq 1 ]; then
    file=$(find "$folder" -name '*.swift' | sort | awk 'NR == 1')
    printf '\n/// A new public declaration, to measure what it rebuilds.\npublic let rebuildMeasurement = 1\n' >>"$file"
    change="a new public declaration in $module"
  else
    site=""
    while IFS= read -r file; do
      line=$(grep -nE '^ *((public|package|internal|private|fileprivate|static|mutating|nonisolated|override|final) )*func [A-Za-z_][A-Za-z0-9_]*(<[^>]*>)?\([^)]*\)( async)?( throws)? \{$' "$file" | awk -F: 'NR == 1 { print $1 }' || true)
      if [ -n "$line" ]; then site="$file:$line"; break; fi
    done < <(find "$folder" -name '*.swift' | sort)
    if [ -n "$site" ]; then
      file=${site%:*}
      perl -0pi -e "s/\\A((?:.*\\n){${site##*:}})/\$1    _ = \"rebuild measurement\"\\n/" "$file"
      change="a function body in $module"
    else
      # No body takes a statement without changing its meaning (each returns a value): a private
      # function is as local a change, and no other module can see it.
      file=$(find "$folder" -name '*.swift' | sort | awk 'NR == 1')
      printf '\nprivate func rebuildMeasurement() {}\n' >>"$file"
      change="a private function added to $module"
    fi
  fi
fi
touched_files=$(git status --porcelain --untracked-files=all | sed -E 's/^.. //; s/.* -> //' | sort -u)
touched_folders=$(while IFS= read -r f; do [ -n "$f" ] && dirname "$f"; done <<<"$touched_files" | sort -u)
touched_modules=$(while IFS= read -r f; do [ -n "$f" ] && module_of_file "$f"; done <<<"$touched_files" | sort -u)

touch "$marker"
started=$(date +%s%N)
if ! after=$(swift build --build-tests </dev/null 2>&1); then
  rm -f "$marker"
  echo "Error: the package does not build after $change:" >&2
  tail -n 20 <<<"$after" >&2
  exit 1
fi
took=$(milliseconds_since "$started")
rebuilt=$(modules_built_since "$marker")
rm -f "$marker"

count() { [ -z "$1" ] && echo 0 || wc -l <<<"$1" | tr -d ' '; }
listed() { tr '\n' ' ' <<<"$1" | sed 's/ $//; s/ /, /g'; }
if [ "$json" -eq 1 ]; then
  as_array() { python3 -c 'import json, sys; print(json.dumps([l for l in sys.stdin.read().split("\n") if l]))' <<<"$1"; }
  printf '{"change": "%s", "files": %s, "folders": %s, "modules_touched": %s, "modules_rebuilt": %s, "modules_built": %s, "rebuild_ms": %s}\n' \
    "$change" "$(as_array "$touched_files")" "$(as_array "$touched_folders")" "$(as_array "$touched_modules")" \
    "$(as_array "$rebuilt")" "$(count "$all")" "$took"
  exit 0
fi
printf 'change: %s\n' "$change"
plural() { [ "$1" -eq 1 ] && echo "$1 $2" || echo "$1 ${2}s"; }
printf 'touches: %s in %s of %s (%s)\n' "$(plural "$(count "$touched_files")" file)" \
  "$(plural "$(count "$touched_folders")" folder)" "$(plural "$(count "$touched_modules")" module)" \
  "$(listed "$touched_modules")"
printf 'rebuilt: %s of the %s a full build compiles (%s) in %s.%s s\n' "$(count "$rebuilt")" \
  "$(plural "$(count "$all")" module)" "$(listed "$rebuilt")" "$((took / 1000))" \
  "$(printf '%03d' $((took % 1000)) | cut -c1)"
