#!/usr/bin/env bash
# Proves the check suite is not silently disabled: copies the repository to a temporary folder,
# injects one real architecture violation, runs the README's check command there, and passes
# only if that command fails and names the violation. Then proves that the build itself refuses
# the same violation: the linter's build-tool plugin fails a plain, incremental `swift build` on
# the native engine and on Swift Build (docs/Voyage.docc/BuildEngines.md; SwiftPM's own import
# check, which Swift Build ignores, has its canary in the linter's BuildToolPluginTests). The manifest's rules and the type-level
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

# Both engines build the victim's module once before the violation, so the builds below that
# must refuse it are incremental: the compiler alone would accept an import of a module it
# has already built. Only the victim's module and what it depends on are built.
engines=(native swiftbuild)
for engine in "${engines[@]}"; do
  if ! before=$(cd "$copy" && swift build --build-system "$engine" --target "$module" 2>&1); then
    echo "canary: FAILED: the $engine build of $module failed before the violation:" >&2
    echo "$before" | tail -n 20 >&2
    exit 1
  fi
done
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

# The linter stops the suite first; the build must refuse the same import on its own, so a
# suite without the linter step would still fail.
refused() { # what the build printed, the line that must be in it, the rung
  if ! grep -qF "$2" <<<"$1"; then
    echo "canary: FAILED: $3 did not refuse the import of $forbidden:" >&2
    echo "$1" | tail -n 20 >&2
    exit 1
  fi
  echo "canary: ok: $3 refused it:"
  grep -F "$2" <<<"$1" | head -n 1
}
plugin_finding="$victim:1:1: error: [undeclared-import] '$module' imports '$forbidden' without declaring it"
for engine in "${engines[@]}"; do
  build=$(cd "$copy" && swift build --build-system "$engine" --target "$module" 2>&1) && {
    echo "canary: FAILED: a plain incremental $engine build of $module passed with the violation" >&2
    exit 1
  }
  refused "$build" "$plugin_finding" "the build-tool plugin in a plain incremental $engine build"
done
