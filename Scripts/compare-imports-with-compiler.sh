#!/usr/bin/env bash
# Compares the imports the architecture linter finds in every Swift file of a package with the
# compiler's own view of the same file (`swiftc -frontend -emit-imported-modules`, which parses
# the file and evaluates its #if conditions for this machine), and prints the agreement and every
# disagreement. Exit status: 0 when they agree, 1 on any disagreement, 2 on bad usage.
#
#   Scripts/compare-imports-with-compiler.sh [PACKAGE_FOLDER] [-D NAME ...]
#
# The linter counts every #if branch that may compile on some platform; an import it finds only
# inside such a branch ("conditional") that this machine's compiler does not see is expected and
# counted apart. A disagreement is an import the compiler sees and the linter misses, or one the
# linter finds outside any conditional branch and the compiler does not see.
set -euo pipefail
linter="$(cd "$(dirname "$0")" && pwd)/check-architecture.swift"
package=.
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then
  package=$1
  shift
fi
defines=("$@")
for ((i = 0; i < ${#defines[@]}; i += 2)); do
  [ "${defines[i]}" = "-D" ] && [ $((i + 1)) -lt ${#defines[@]} ] || {
    echo "error: expected -D NAME pairs after the package folder, not '${defines[i]}'" >&2
    exit 2
  }
done
case "$(uname -s)" in
  Linux) platform=Linux ;;
  Darwin) platform=macOS ;;
  *) platform=$(uname -s) ;;
esac

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binary="$work/check-architecture"
swiftc "$linter" -o "$binary" 2>"$work/compile.log" || {
  cat "$work/compile.log" >&2
  exit 2
}
swift package --package-path "$package" --scratch-path "$work/scratch" describe --type json \
  >"$work/description.json"
"$binary" "$work/description.json" --list-files >"$work/files"
files=$(wc -l <"$work/files")

# The linter's view: "file module" lines, unconditional and conditional apart.
tr '\n' '\0' <"$work/files" | xargs -0 "$binary" --platform "$platform" "${defines[@]}" --list-imports \
  >"$work/linter.raw"
# Each line: the file, a tab, then "line:column [?] [@testable ]Module".
awk -F '\t' '{ n = split($2, words, " "); module = words[n];
       if (words[2] == "?") print $1 "\t" module > "'"$work/linter.conditional"'";
       else print $1 "\t" module > "'"$work/linter.unconditional"'" }' "$work/linter.raw"
touch "$work/linter.conditional" "$work/linter.unconditional"

# The compiler's view, one parse per file, as many at once as there are cores.
export work
compile_one() {
  local file=$1 modules
  if modules=$(swiftc -frontend -emit-imported-modules -swift-version 6 "${@:2}" "$file" \
    -o /dev/stdout 2>/dev/null); then
    printf '%s\n' "$modules" | awk -v f="$file" 'NF { print f "\t" $1 }'
  else
    echo "$file" >>"$work/unparsed"
  fi
}
export -f compile_one
tr '\n' '\0' <"$work/files" \
  | xargs -0 -P "$(getconf _NPROCESSORS_ONLN)" -I{} bash -c 'compile_one "$@"' _ {} "${defines[@]}" \
    >"$work/compiler"

sort -u "$work/compiler" -o "$work/compiler"
sort -u "$work/linter.unconditional" -o "$work/linter.unconditional"
sort -u "$work/linter.conditional" -o "$work/linter.conditional"
sort -u "$work/linter.unconditional" "$work/linter.conditional" >"$work/linter.all"
agreed=$(comm -12 "$work/compiler" "$work/linter.all" | wc -l)
missed=$(comm -23 "$work/compiler" "$work/linter.all")
invented=$(comm -13 "$work/compiler" "$work/linter.unconditional")
elsewhere=$(comm -13 "$work/compiler" "$work/linter.conditional" | comm -23 - "$work/linter.unconditional" | wc -l)
compiler_total=$(wc -l <"$work/compiler")
unparsed=$([ -f "$work/unparsed" ] && wc -l <"$work/unparsed" || echo 0)

echo "files: $files (the compiler could not parse $unparsed)"
echo "imports the compiler sees: $compiler_total; the linter finds $agreed of them"
echo "imports only in #if branches that do not compile on this machine ($platform): $elsewhere"
status=0
if [ -n "$missed" ]; then
  echo "DISAGREEMENT: imports the compiler sees and the linter misses:"
  printf '%s\n' "$missed" | sed 's/^/  /; s/\t/: /'
  status=1
fi
if [ -n "$invented" ]; then
  echo "DISAGREEMENT: unconditional imports the linter finds and the compiler does not see:"
  printf '%s\n' "$invented" | sed 's/^/  /; s/\t/: /'
  status=1
fi
[ "$unparsed" -eq 0 ] || { echo "not parsed by the compiler (left out):"; sed 's/^/  /' "$work/unparsed"; }
[ "$status" -eq 0 ] && echo "agreement: every import the compiler sees, and nothing unconditional it does not"
exit "$status"
