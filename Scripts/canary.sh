#!/usr/bin/env bash
# Proves the check suite is not silently disabled: copies the repository to a temporary folder,
# injects one real architecture violation, runs the README's check command there, and passes
# only if that command fails and names the violation; then proves the build step refuses the same
# violation on its own (SwiftPM's undeclared-import check). The manifest's rules and the type-level
# rules have canaries of their own in Tests/ArchitectureTests/TypeLevelCanaryTests.swift, and each
# linter rule a fixture in Workshop/ArchitectureLinter/Tests/Fixtures.
set -uo pipefail
cd "$(dirname "$0")/.."

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy"

# The victim comes from the architecture, not from a list of names: the most restricted module (the
# one whose layer may use the fewest layers) imports a module of a layer it may not use. In Voyage:
# a kernel module imports an interface module.
targets=$(swift package describe --type json | swift Scripts/check-architecture.swift --list-targets)
read -r module forbidden < <(awk -F '\t' '
  $2 == "library" && $3 != "-" && $4 !~ /^Tests\// { layer[$1] = $3; uses[$1] = "," $5 ","; names[++n] = $1 }
  function forbids(a, b) { return layer[b] != layer[a] && index(uses[a], "," layer[b] ",") == 0 }
  END {
    for (i = 1; i <= n; i++) {
      a = names[i]; b = ""
      for (j = 1; j <= n; j++)
        if (forbids(a, names[j]) && (b == "" || length(uses[names[j]]) < length(uses[b]))) b = names[j]
      if (b != "" && (best == "" || length(uses[a]) < length(uses[best]))) { best = a; target = b }
    }
    if (best != "") print best, target
  }' <<<"$targets")
if [ -z "${module:-}" ]; then
  echo "canary: FAILED: the architecture forbids no dependency between two modules, so nothing can be injected" >&2
  exit 1
fi
folder=$(awk -F '\t' -v m="$module" '$1 == m { print $4 }' <<<"$targets")
victim=$(cd "$copy" && find "$folder" -name '*.swift' | sort | head -n 1)
printf 'import %s\n' "$forbidden" | cat - "$victim" >"$copy/$victim.new" && mv "$copy/$victim.new" "$copy/$victim"
echo "canary: injected 'import $forbidden' into $victim ($module may not use $forbidden's layer)"

output=$("$copy/Scripts/check.sh" 2>&1)
status=$?
if [ "$status" -eq 0 ]; then
  echo "canary: FAILED: the check suite passed with the violation in place" >&2
  exit 1
fi
if ! grep -q "$victim:1:1: error: \[undeclared-import\]" <<<"$output"; then
  echo "canary: FAILED: the check suite failed (exit $status) without naming the violation:" >&2
  echo "$output" | tail -n 20 >&2
  exit 1
fi
echo "canary: ok: the check suite failed (exit $status) and named the violation:"
grep "error: \[undeclared-import\]" <<<"$output"

# The linter stops the suite first; the build step must catch the same import on its own, so a
# suite without the linter would still fail. SwiftPM's check runs while the package builds.
# Only the module that was changed and what it depends on: the build that refuses the import is
# the victim's own, and building the rest would cost minutes for nothing.
build=$(cd "$copy" && swift build --target "$module" --explicit-target-dependency-import-check error 2>&1)
if ! grep -q "imports another target ($forbidden)" <<<"$build"; then
  echo "canary: FAILED: the build step did not refuse the import of $forbidden:" >&2
  echo "$build" | tail -n 20 >&2
  exit 1
fi
echo "canary: ok: the build step refused it too:"
grep "imports another target ($forbidden)" <<<"$build" | head -n 1
