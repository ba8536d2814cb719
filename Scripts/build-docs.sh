#!/usr/bin/env bash
# Builds the documentation site, in a fresh clone too (it builds the package and its tests first):
# every library module's API with its catalog (Sources/<Layer>/<Module>/<Module>.docc), the
# journeys (docs/<Package>.docc), and one static site that combines them, with warnings as errors, so a symbol link that no longer resolves (a renamed
# type, a removed method) fails the build.
#
#   Scripts/build-docs.sh [--output DIR] [-- BUILD FLAGS…]     (default .build/documentation)
#
# Build flags after `--` go to that build and to the one that extracts the symbol graphs: the check
# suite passes its own, so this reuses its build instead of compiling everything again.
#
# Then open it:  python3 -m http.server --directory .build/documentation/site 8000
#                and browse http://localhost:8000/documentation/
#
# The modules are documented at the `package` access level: the package is the product, and most
# infrastructure modules' doors are `package`. A module links to the modules it depends on,
# directly or not (``/SharedKernel/DraftOrder``); the journeys link to any module.
source "$(dirname "$0")/lib/script-help.sh"
source "$(dirname "$0")/lib/package-name.sh"
set -euo pipefail
cd "$(dirname "$0")/.."

output=.build/documentation
build_flags=()
while [ $# -gt 0 ]; do
  case "$1" in
    --output) output=${2:?--output needs a folder}; shift 2 ;;
    --) shift; build_flags=("$@"); break ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1'" >&2; exit 64 ;;
  esac
done

started=$(date +%s)
description=$(swift package describe --type json)
package=$(package_name)
[ -n "$package" ] || { echo "Error: could not read the package's name" >&2; exit 1; }
bundle_prefix="org.$(tr '[:upper:]' '[:lower:]' <<<"$package")"

# The library modules under Sources/, dependencies first (tsort of "dependency module" pairs).
targets=$(swift Scripts/check-architecture.swift --list-targets <<<"$description")
modules=$(awk -F '\t' '$2 == "library" && $4 ~ /^Sources\// { print $1 }' <<<"$targets")
order=$(awk -F '\t' -v list="$(paste -sd, - <<<"$modules")" '
  BEGIN { n = split(list, names, ","); for (i = 1; i <= n; i++) known[names[i]] = 1 }
  known[$1] { print $1, $1; m = split($6, deps, ","); for (j = 1; j <= m; j++) if (known[deps[j]]) print deps[j], $1 }
' <<<"$targets" | tsort)

# The extraction below loads every module the package declares, its test modules too, and does not
# build them: in a fresh clone it would fail ("Couldn't load module 'VoyagePackageTests'"). Building
# the tests first makes this the first command that works; after the check suite's build, with the
# same flags, it is a no-op.
echo "==> Build, with the tests"
if ! built=$(swift build --build-tests "${build_flags[@]}" 2>&1); then
  printf '%s\n' "$built" >&2
  echo "Error: the package does not build (above)" >&2
  exit 1
fi

echo "==> Symbol graphs (package access level)"
# Captured, not teed to /dev/stderr: reopening that path truncates a log file that stderr goes to.
if ! dump=$(swift package "${build_flags[@]}" dump-symbol-graph --minimum-access-level package 2>&1); then
  printf '%s\n' "$dump" >&2
  echo "Error: the symbol graphs could not be extracted (above)" >&2
  exit 1
fi
written=$(sed -n 's/^Files written to //p' <<<"$dump" | tail -n 1)
[ -d "$written" ] || { printf '%s\n' "$dump" >&2; echo "Error: no symbol graphs were written" >&2; exit 1; }
echo "    $(grep -c '^-- Emitting symbol graph' <<<"$dump") symbol graphs in $written"

rm -rf "$output"
mkdir -p "$output/symbol-graphs" "$output/archives"
archive() { printf '%s' "$output/archives/$1.doccarchive"; }
convert() { # name, catalog ("" for none), symbol-graph folder ("" for none), archives it links to…
  local name=$1 catalog=$2 graphs=$3
  shift 3
  local arguments=(--fallback-display-name "$name" --fallback-bundle-identifier "$bundle_prefix.$name"
    --output-path "$(archive "$name")" --transform-for-static-hosting
    --enable-experimental-external-link-support --warnings-as-errors)
  [ -n "$graphs" ] && arguments+=(--additional-symbol-graph-dir "$graphs")
  for dependency in "$@"; do arguments+=(--dependency "$dependency"); done
  if ! docc convert ${catalog:+"$catalog"} "${arguments[@]}" >"$output/$name.log" 2>&1; then
    cat "$output/$name.log" >&2
    echo "Error: the documentation of $name does not build (above); Reproduce with: Scripts/build-docs.sh" >&2
    return 1
  fi
}

# Each module's archive is converted once the archives of the modules it depends on (directly or
# not) exist, and links to those alone; modules of one wave (the same depth in the graph) are
# converted side by side, as many at a time as there are cores.
waves=$(awk -F '\t' -v list="$(paste -sd, - <<<"$order")" '
  BEGIN { n = split(list, names, ","); for (i = 1; i <= n; i++) known[names[i]] = 1 }
  known[$1] { deps[$1] = $6 }
  END {
    for (i = 1; i <= n; i++) {
      name = names[i]; depth[name] = 0; closure[name] = ""
      m = split(deps[name], direct, ",")
      for (j = 1; j <= m; j++) if (known[direct[j]]) {
        d = direct[j]
        if (depth[d] + 1 > depth[name]) depth[name] = depth[d] + 1
        closure[name] = closure[name] " " d " " closure[d]
      }
      # Each dependency once.
      k = split(closure[name], all, " "); delete seen; unique = ""
      for (j = 1; j <= k; j++) if (!seen[all[j]]++) unique = unique (unique ? " " : "") all[j]
      closure[name] = unique
      print depth[name] "\t" name "\t" unique
    }
  }' <<<"$targets" | sort -n -k1,1 -s)
jobs_at_once=$(nproc 2>/dev/null || echo 2)
echo "==> Modules"
converted=()
for depth in $(cut -f1 <<<"$waves" | uniq); do
  pids=() names=()
  while IFS=$'\t' read -r _ module dependencies; do
    folder=$(awk -F '\t' -v n="$module" '$1 == n { print $4 }' <<<"$targets")
    graphs="$output/symbol-graphs/$module"
    mkdir -p "$graphs"
    cp "$written/$module.symbols.json" "$graphs/" 2>/dev/null || continue # a C module has none
    cp "$written/$module"@*.symbols.json "$graphs/" 2>/dev/null || true
    catalog="$folder/$module.docc"
    [ -d "$catalog" ] || catalog=""
    linked=()
    for dependency in $dependencies; do
      [ -d "$(archive "$dependency")" ] && linked+=("$(archive "$dependency")")
    done
    while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
    convert "$module" "$catalog" "$graphs" "${linked[@]}" &
    pids+=($!) names+=("$module")
  done < <(awk -F '\t' -v d="$depth" '$1 == d' <<<"$waves")
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || exit 1
    echo "    ${names[$index]}"
    converted+=("$(archive "${names[$index]}")")
  done
done

echo "==> Articles"
convert "$package" "docs/$package.docc" "" "${converted[@]}" || exit 1
echo "    docs/$package.docc"
archives=("${converted[@]}" "$(archive "$package")")

echo "==> One site"
docc merge "${archives[@]}" --synthesized-landing-page-name "$package" \
  --output-path "$output/site" >"$output/merge.log" 2>&1 || { cat "$output/merge.log" >&2; exit 1; }
pages=$(find "$output/site/data/documentation" -name '*.json' | wc -l | tr -d ' ')
echo "build-docs: $((${#archives[@]} - 1)) modules and the articles, $pages pages, in $(($(date +%s) - started)) s: $output/site"
