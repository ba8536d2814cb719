#!/usr/bin/env bash
# Voyage's check suite: every step CI runs, in order, each announced before it runs.
# Stops at the first failing step with a non-zero exit and the command that reproduces it.
set -uo pipefail
cd "$(dirname "$0")/.."

# The flags the build and the tests share, so `swift test --skip-build` reuses the checked build.
# `--explicit-target-dependency-import-check error` still prints "Build complete!" when it finds an
# undeclared import: only the exit code tells, so every step is judged by its exit code.
build_flags=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
# Swift code that is formatted and linted; Tests/Fixtures holds deliberately odd fixture packages.
swift_paths=(Package.swift Sources Scripts Benchmarks Tests/*Tests Tests/Support)

steps_run=0
step() {
  local name=$1
  shift
  printf '\n==> [%d] %s\n    $ %s\n' "$((steps_run + 1))" "$name" "$*"
  if ! "$@"; then
    printf '\nFAILED: %s\nReproduce with: %s\n' "$name" "$*" >&2
    exit 1
  fi
  steps_run=$((steps_run + 1))
}

# The layer rules, the README's module graph and every module README's graph, in one run of the
# linter on one package description.
step "Architecture (explain a rule with: swift Scripts/check-architecture.swift --explain RULE)" \
  bash -c 'set -o pipefail; swift package describe --type json | swift Scripts/check-architecture.swift --check-graph README.md --check-module-readmes'
step "Import scanner agrees with the compiler's parse of every file" \
  Scripts/compare-imports-with-compiler.sh
step "Format (fix with: swift format -i --recursive ${swift_paths[*]})" \
  swift format lint --strict --recursive "${swift_paths[@]}"
step "Build with undeclared-import check and warnings as errors" \
  swift build --build-tests "${build_flags[@]}"
# A hung test fails the run after 20 minutes instead of eating CI's whole budget.
step "Tests" \
  timeout 1200 swift test --skip-build
# The concurrency code runs again under Thread Sanitizer, in its own build folder so the sanitized
# build neither replaces nor invalidates the ordinary one.
step "Concurrency tests under Thread Sanitizer" \
  timeout 1200 swift test --sanitize=thread --scratch-path .build/thread-sanitizer \
  --filter 'BookingDataTests|NetworkingTests|SupplierSandboxTests|LedgerDataTests|CheckoutFeatureTests'

printf '\nAll %d checks passed.\n' "$steps_run"
