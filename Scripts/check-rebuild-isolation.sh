#!/usr/bin/env bash
# Proves the modularization promise: a change inside one module recompiles only what the
# dependency graph predicts. In a copy of the repository (so the working tree and its build are
# untouched), after a full debug build it makes three changes, one at a time, rebuilds, and reads
# which modules recompiled from SwiftPM's "Compiling <Module>" / "Emitting module <Module>" lines.
# The modules come from the architecture (`check-architecture.swift --list-targets`), not from names:
#
#   1. a function body inside a module of one layer       → exactly that module
#   2. a function body inside a module of another layer   → exactly that module
#   3. a new public declaration in the most used module   → it and the modules that import it
#
# It fails unless each set is exactly the predicted one, and prints the sets and the times.
set -euo pipefail
cd "$(dirname "$0")/.."

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy"
cd "$copy"

seconds_since() { echo "$(( ($(date +%s%N) - $1) / 1000000 ))ms"; }

echo "full build…"
start=$(date +%s%N)
swift build >/dev/null
echo "  done in $(seconds_since "$start")"

targets=$(swift package describe --type json | swift Scripts/check-architecture.swift --list-targets)

# The library modules of the layers, in Sources/, as "name<TAB>layer<TAB>path".
modules=$(awk -F '\t' '$2 == "library" && $3 != "-" && $4 ~ /^Sources\// { print $1 "\t" $3 "\t" $4 }' <<<"$targets")

# Which production modules depend on a module directly.
importers_of() {
  awk -F '\t' -v m="$1" '$2 != "test" && index("," $6 ",", "," m ",") { print $1 }' <<<"$targets"
}

# The first function in a module whose body can take one more statement: `func name(…) {` with no
# result type (a one-expression body would stop returning its value). Prints "file<TAB>line".
probe_site() {
  local folder=$1 file line
  while IFS= read -r file; do
    line=$(grep -nE '^ +((public|package|internal|private|fileprivate|static|mutating|nonisolated|override|final) )*func [A-Za-z_][A-Za-z0-9_]*(<[^>]*>)?\([^)]*\)( async)?( throws)? \{$' "$file" | head -n 1 | cut -d: -f1)
    if [ -n "$line" ]; then
      printf '%s\t%s\n' "$file" "$line"
      return
    fi
  done < <(find "$folder" -name '*.swift' | sort)
}

rebuilt_modules() {
  swift build </dev/null 2>&1 | sed -n -E 's/^\[[0-9]+\/[0-9]+\] (Compiling|Emitting module) ([A-Za-z0-9_]+).*/\2/p' | sort -u
}

failures=0
check() { # name, file, edit (a perl substitution), expected modules...
  local name=$1 file=$2 edit=$3
  shift 3
  local expected actual start
  expected=$(printf '%s\n' "$@" | sort -u)
  perl -0pi -e "$edit" "$file"
  start=$(date +%s%N)
  actual=$(rebuilt_modules)
  local took
  took=$(seconds_since "$start")
  if [ "$actual" = "$expected" ]; then
    echo "ok    $name: rebuilt {$(echo $actual | tr ' ' ',')} in $took"
  else
    echo "FAIL  $name: expected {$(echo $expected | tr ' ' ',')}, rebuilt {$(echo $actual | tr ' ' ',')} in $took"
    failures=$((failures + 1))
  fi
}

# Two modules of two different layers, each with a function body to change.
body_checks=0
used_layers=" "
while IFS=$'\t' read -r module layer folder; do
  [ "$body_checks" -lt 2 ] || break
  [[ "$used_layers" == *" $layer "* ]] && continue
  site=$(probe_site "$folder")
  [ -n "$site" ] || continue
  file=${site%$'\t'*}
  line=${site#*$'\t'}
  check "a function body in $module ($layer)" "$file" \
    "s/\\A((?:.*\\n){$line})/\$1    _ = \"rebuild probe\"\\n/" "$module"
  used_layers+="$layer "
  body_checks=$((body_checks + 1))
done <<<"$modules"

# The module most others import: a new public declaration there must rebuild its importers too.
most_used=$(while IFS=$'\t' read -r module _ _; do
  printf '%s %s\n' "$(importers_of "$module" | wc -l)" "$module"
done <<<"$modules" | sort -rn | head -n 1 | cut -d' ' -f2)
most_used_folder=$(awk -F '\t' -v m="$most_used" '$1 == m { print $3 }' <<<"$modules")
check "a new public declaration in $most_used" \
  "$(find "$most_used_folder" -name '*.swift' | sort | head -n 1)" \
  's/\z/\n\/\/\/ A probe: a new public declaration.\npublic let rebuildProbe = 1\n/' \
  "$most_used" $(importers_of "$most_used")

if [ "$body_checks" -lt 2 ]; then
  echo "rebuild isolation: found $body_checks module(s) with a function body to change, not 2" >&2
  failures=$((failures + 1))
fi

if [ "$failures" -gt 0 ]; then
  echo "rebuild isolation: $failures check(s) failed" >&2
  exit 1
fi
echo "rebuild isolation: every change rebuilt exactly what the graph predicts"
