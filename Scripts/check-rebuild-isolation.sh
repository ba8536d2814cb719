#!/usr/bin/env bash
# Proves the modularization promise: a change inside one module recompiles only what the
# dependency graph predicts. In a copy of the repository (so the working tree and its build are
# untouched), after a full debug build it makes one change at a time, rebuilds, and reads which
# modules recompiled from the files the build wrote (Scripts/lib/modules-built.sh).
#
#   Scripts/check-rebuild-isolation.sh                        # the default probes below
#   Scripts/check-rebuild-isolation.sh --module NAME [--public]
#
# The default probes come from the architecture (`check-architecture.swift --list-targets`), not
# from names:
#
#   1. a function body in each feature                      → exactly that feature
#   2. a new public declaration in an implementation module → it and its importers, and no feature
#      (the Infrastructure module implementing an interface that the most modules import)
#   3. a new public declaration in an interface             → it and its importers, nothing else
#      (the Interfaces module the most modules import)
#
# `--module NAME` probes one module: a function body (→ exactly NAME), or with `--public` a new
# public declaration (→ NAME and the modules that import it). It fails unless each set is exactly
# the predicted one, and prints the sets and the times.
set -euo pipefail
source "$(dirname "$0")/lib/modules-built.sh"
cd "$(dirname "$0")/.."

usage() {
  echo "Usage: Scripts/check-rebuild-isolation.sh [--module NAME [--public]]" >&2
  exit 64
}
only=""
public=0
while [ $# -gt 0 ]; do
  case "$1" in
    --module) [ $# -ge 2 ] || usage; only=$2; shift 2 ;;
    --public) public=1; shift ;;
    -h | --help) usage ;;
    *) echo "Error: unknown argument '$1'" >&2; usage ;;
  esac
done
[ "$public" -eq 0 ] || [ -n "$only" ] || { echo "Error: --public needs --module NAME" >&2; usage; }

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy"
cd "$copy"

targets=$(swift package describe --type json | swift Scripts/check-architecture.swift --list-targets)
# The library modules of the layers, in Sources/, as "name<TAB>layer<TAB>path<TAB>dependencies".
modules=$(awk -F '\t' '$2 == "library" && $3 != "-" && $4 ~ /^Sources\// { print $1 "\t" $3 "\t" $4 "\t" $6 }' <<<"$targets")
if [ -n "$only" ] && ! awk -F '\t' -v m="$only" '$1 == m { found = 1 } END { exit !found }' <<<"$modules"; then
  echo "Error: '$only' is not a library module in Sources/ (see: swift package describe)" >&2
  usage
fi

seconds_since() { echo "$(( ($(date +%s%N) - $1) / 1000000 ))ms"; }

echo "full build…"
start=$(date +%s%N)
swift build >/dev/null
echo "  done in $(seconds_since "$start")"

layer_of() { awk -F '\t' -v m="$1" '$1 == m { print $2 }' <<<"$modules"; }
folder_of() { awk -F '\t' -v m="$1" '$1 == m { print $3 }' <<<"$modules"; }
# Which production modules depend on a module directly.
importers_of() {
  awk -F '\t' -v m="$1" '$2 != "test" && index("," $6 ",", "," m ",") { print $1 }' <<<"$targets"
}
# The module of a layer (and, optionally, depending on a module of another layer) that the most
# production modules import.
most_imported() { # layer [layer its dependencies must include]
  while IFS=$'\t' read -r module layer _ dependencies; do
    [ "$layer" = "$1" ] || continue
    if [ -n "${2:-}" ]; then
      uses=0
      for dependency in ${dependencies//,/ }; do [ "$(layer_of "$dependency")" = "$2" ] && uses=1; done
      [ "$uses" -eq 1 ] || continue
    fi
    printf '%s %s\n' "$(importers_of "$module" | wc -l)" "$module"
  done <<<"$modules" | sort -k1,1rn -k2,2 | head -n 1 | cut -d' ' -f2
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
  local marker modules
  marker=$(build_marker)
  swift build </dev/null >/dev/null 2>&1
  modules=$(modules_built_since "$marker")
  rm -f "$marker"
  [ -z "$modules" ] || echo "$modules"
}

failures=0
set_of() { echo $(printf '%s\n' "$@" | sort -u) | tr ' ' ','; }
check() { # name, file, edit (a perl substitution), forbidden layer ("" for none), expected modules...
  local name=$1 file=$2 edit=$3 forbidden=$4
  shift 4
  local expected actual start took
  expected=$(printf '%s\n' "$@" | sort -u)
  perl -0pi -e "$edit" "$file"
  start=$(date +%s%N)
  actual=$(rebuilt_modules)
  took=$(seconds_since "$start")
  local intruders=""
  if [ -n "$forbidden" ]; then
    for module in $actual; do [ "$(layer_of "$module")" != "$forbidden" ] || intruders+="$module "; done
  fi
  if [ "$actual" = "$expected" ] && [ -z "$intruders" ]; then
    echo "ok    $name: rebuilt {$(set_of $actual)} in $took"
  elif [ -n "$intruders" ]; then
    echo "FAIL  $name: rebuilt $forbidden modules {$(set_of $intruders)} (all: {$(set_of $actual)}) in $took"
    failures=$((failures + 1))
  else
    echo "FAIL  $name: expected {$(set_of $expected)}, rebuilt {$(set_of $actual)} in $took"
    failures=$((failures + 1))
  fi
}

probe_body() { # module
  local site file line
  site=$(probe_site "$(folder_of "$1")")
  if [ -z "$site" ]; then
    echo "FAIL  a function body in $1: no function with a body to change" >&2
    failures=$((failures + 1))
    return
  fi
  file=${site%$'\t'*}
  line=${site#*$'\t'}
  check "a function body in $1 ($(layer_of "$1"))" "$file" \
    "s/\\A((?:.*\\n){$line})/\$1    _ = \"rebuild probe\"\\n/" "" "$1"
}

probe_public() { # module, forbidden layer
  local file
  file=$(find "$(folder_of "$1")" -name '*.swift' | sort | head -n 1)
  check "a new public declaration in $1 ($(layer_of "$1"))" "$file" \
    's/\z/\n\/\/\/ A probe: a new public declaration.\npublic let rebuildProbe = 1\n/' \
    "$2" "$1" $(importers_of "$1")
}

if [ -n "$only" ]; then
  if [ "$public" -eq 1 ]; then probe_public "$only" ""; else probe_body "$only"; fi
else
  features=$(awk -F '\t' '$2 == "Features" { print $1 }' <<<"$modules")
  [ -n "$features" ] || { echo "rebuild isolation: no module in the Features layer" >&2; failures=$((failures + 1)); }
  for feature in $features; do probe_body "$feature"; done
  implementation=$(most_imported Infrastructure Interfaces)
  if [ -n "$implementation" ]; then
    probe_public "$implementation" Features
  else
    echo "rebuild isolation: no Infrastructure module implements an interface" >&2
    failures=$((failures + 1))
  fi
  interface=$(most_imported Interfaces)
  if [ -n "$interface" ]; then
    probe_public "$interface" ""
  else
    echo "rebuild isolation: no module in the Interfaces layer" >&2
    failures=$((failures + 1))
  fi
fi

if [ "$failures" -gt 0 ]; then
  echo "rebuild isolation: $failures check(s) failed" >&2
  exit 1
fi
echo "rebuild isolation: every change rebuilt exactly what the graph predicts"
