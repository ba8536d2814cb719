#!/usr/bin/env bash
# Voyage's check suite: every step CI runs, in order, each announced before it runs.
# Stops at the first failing step with a non-zero exit and the command that reproduces it.
#
#   Scripts/check.sh                      # every step
#   Scripts/check.sh --without-sanitizer  # all but the Thread Sanitizer step
#   Scripts/check.sh --without-migration  # all but the migration examples' replays and their tests
#   Scripts/check.sh --without-docs       # all but the documentation site's build
#   Scripts/check.sh --without-linter-package  # all but the build, the tests and the own architecture
#                                         # of Workshop/ArchitectureLinter/, and its import
#                                         # scanner held to the compiler's parse
#   Scripts/check.sh --without-tool-tests # all but the tests of the tools that fork, scaffold, measure
#                                         # and adopt (the repository's own, not the app's), and the
#                                         # build of the scaffolding tool's package (Workshop/Scaffolding/)
#   Scripts/check.sh --build-system swiftbuild  # every build and test on SwiftPM's Swift Build engine
#                                         # (native, the default engine of Swift 6.3, unless given);
#                                         # the other engine still builds once, without fault points
#   Scripts/check.sh --one-engine         # all but that build on the other engine and the check
#                                         # that a build without fault points holds none
#   Scripts/check.sh --affected origin/main  # only the tests and steps the changes since that
#                                         # revision can reach (uncommitted ones included); each
#                                         # step left out is said, with why
source "$(dirname "$0")/lib/script-help.sh"
source "$(dirname "$0")/lib/strict-build.sh"
source "$(dirname "$0")/lib/generated-documents.sh"
source "$(dirname "$0")/lib/affected-steps.sh"
source "$(dirname "$0")/lib/idle-priority.sh"
set -uo pipefail
cd "$(dirname "$0")/.."

sanitizer=1
migration=1
docs=1
linter_package_tests=1
tool_tests=1
engine=()
affected_since=""
both_engines=1
while [ $# -gt 0 ]; do
  case "$1" in
    --without-sanitizer) sanitizer=0 ;;
    --without-migration) migration=0 ;;
    --without-docs) docs=0 ;;
    --without-linter-package) linter_package_tests=0 ;;
    --without-tool-tests) tool_tests=0 ;;
    --one-engine) both_engines=0 ;;
    --build-system)
      case "${2:-}" in
        native | swiftbuild) use_build_engine "$2"; shift ;;
        *) echo "Error: --build-system takes native or swiftbuild (see --help)" >&2; exit 64 ;;
      esac ;;
    --affected)
      [ -n "${2:-}" ] || { echo "Error: --affected takes a revision, such as origin/main (see --help)" >&2; exit 64; }
      affected_since=$2
      shift ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
  shift
done
if [ -n "$affected_since" ]; then
  affected_plan "$affected_since" || exit 2
  if [ -n "$affected_everything" ]; then
    printf 'check: every step runs: %s\n' "$affected_everything"
  else
    printf 'check: the changes since %s reach %d test targets: %s\n' "$affected_since" \
      "${#affected_tests[@]}" "${affected_tests[*]:-none}"
  fi
fi

# The module tests run hundreds of tests at once, many holding a program's pipes, a socket or a
# database open: 809 descriptors at the peak (sampled from /proc/PID/fd through `swift test
# --skip-build --traits FaultPoints --skip ArchitectureTests`, 2026-12-05), near the 1,024 that
# many systems give a process by default. The soft limit is raised to the hard one, as far as
# the system allows, for a margin.
ulimit -S -n "$(ulimit -H -n)" 2>/dev/null || true
if [ "$(ulimit -S -n)" != unlimited ] && [ "$(ulimit -S -n)" -lt 1024 ]; then
  printf 'check: this system lets a process open %s files; the module tests open about 800 at once (see ulimit -H -n)\n' \
    "$(ulimit -S -n)" >&2
fi

# The flags the build and the tests share, so `swift test --skip-build` reuses the checked build:
# Voyage's with its fault points, the linter's and the scaffolding tool's packages without; all
# on the engine asked for (use_build_engine in lib/strict-build.sh). Swift Build ignores the
# import check's flag: there the build-tool plugin that every target applies refuses an
# undeclared import.
[ ${#engine[@]} -gt 0 ] || scaffolding_build_flags=("${strict_build_flags[@]}")
build_flags=("${voyage_build_flags[@]}")
test_flags=("${voyage_traits[@]}")
# Swift code that is formatted and linted (Voyage's and the architecture linter's package);
# Workshop/ArchitectureLinter/Tests/Fixtures holds deliberately odd fixture packages.
swift_paths=(Package.swift Sources Scripts Benchmarks Tests/*Tests Tests/Support
  Workshop/ArchitectureLinter/Package.swift Workshop/ArchitectureLinter/Sources Workshop/ArchitectureLinter/Plugins
  Workshop/ArchitectureLinter/Scripts Workshop/ArchitectureLinter/Tests/ArchitectureLinterTests
  Workshop/Scaffolding/Package.swift Workshop/Scaffolding/Sources Workshop/Scaffolding/Tests)
# The architecture linter is a package of its own (Workshop/ArchitectureLinter/), built and tested beside
# Voyage with the same strictness.
linter_package=(--package-path Workshop/ArchitectureLinter)
# The scaffolding tool (new-module.sh runs it) is a package of its own too, built on the linter's.
scaffolding_package=(--package-path Workshop/Scaffolding)

steps_run=0
step() {
  local name=$1
  shift
  # The command as a person can paste it: every argument quoted for the shell.
  local shown=("$@")
  [ "${shown[0]}" = tests_that_run ] && shown=("${shown[@]:1}")
  local command
  command=$(printf '%q ' "${shown[@]}")
  printf '\n==> [%d] %s\n    $ %s\n' "$((steps_run + 1))" "$name" "${command% }"
  local started=$SECONDS
  if ! "$@"; then
    printf '\nFAILED: %s (after %d s)\nReproduce with: %s\n' "$name" "$((SECONDS - started))" "${command% }" >&2
    exit 1
  fi
  steps_run=$((steps_run + 1))
  printf '    [%d] passed in %d s\n' "$steps_run" "$((SECONDS - started))"
}

# A step that --affected leaves out, and why.
left_out() { # NAME WHY
  printf '\n==> left out: %s\n    (%s)\n' "$1" "$2"
}

# A step whose inputs are under PATHS (prefixes from the repository's root, space-separated):
# with --affected and none of them changed, it is left out, and said so.
step_when() { # "PATHS" NAME COMMAND…
  local paths=$1
  shift
  # shellcheck disable=SC2086
  if affected_touches $paths; then
    step "$@"
  else
    left_out "$1" "nothing under $paths changed since $affected_since"
  fi
}

# Runs `swift test` with its arguments and fails when it ran no test at all: SwiftPM only warns when a
# filter matches nothing, which would turn a renamed module into a silently empty step.
tests_that_run() {
  local log status
  log=$(mktemp)
  "$@" 2>&1 | tee "$log"
  status=${PIPESTATUS[0]}
  if [ "$status" -eq 0 ] && ! grep -Eq 'Test run with [1-9][0-9]* tests?' "$log"; then
    echo "no test ran: the filter matches no test" >&2
    status=1
  fi
  [ "$status" -ne 0 ] && summarize_crash "$log" >&2
  rm -f "$log"
  return "$status"
}

# When the test process crashed, its backtrace scrolls away behind the registers and the loaded
# images, and only the tail of a log is read: so the crashed thread's frames are printed again,
# last, with the tests that had started and not ended (one of them crashed).
summarize_crash() {
  local log=$1
  grep -q '^\*\*\* Program crashed' "$log" || return 0
  printf '\n--- The test process crashed ---\n'
  grep -m 1 '^\*\*\* Program crashed' "$log"
  awk '/^Thread [0-9]+.* crashed:$/ { shown = 1 } /^Registers:/ { shown = 0 }
    shown && printed < 40 && NF { print; printed++ }' "$log"
  printf 'Tests started and not ended:\n'
  awk '/^◇ Test [^ ]+\(.*\) started\.$/ { name = $3; open[name] = 1 }
    /^[✔✘] Test [^ ]+\(.*\) (passed|failed)/ { delete open[$3] }
    END { for (name in open) print "  " name }' "$log" | sort | head -n 40
}

# The layer rules, the generated documents (the README's table of layers, the module graph) and
# every module README's graph, in one run of the linter on one package description.
# The baseline may only shrink: an entry the baseline lacked where this branch left main fails
# (on main itself that is its own commit, so the check guards branches and passes on main).
architecture_options=(--check-module-readmes)
while IFS= read -r document; do
  architecture_options+=(--check-graph "$document")
done < <(generated_documents)
baseline_reference=$(git merge-base HEAD origin/main 2>/dev/null || git rev-parse --verify --quiet HEAD 2>/dev/null || true)
[ -n "$baseline_reference" ] && architecture_options+=(--baseline-may-not-grow "$baseline_reference")
# The one-file linter the next step runs is the linter package's sources joined.
step_when "Workshop/ArchitectureLinter/" "Linter script is its sources joined (regenerate with: Workshop/ArchitectureLinter/Scripts/generate-linter-script.sh)" \
  Workshop/ArchitectureLinter/Scripts/generate-linter-script.sh --check
step "Architecture (explain a rule with: swift Scripts/check-architecture.swift --explain RULE)" \
  bash -c 'set -o pipefail; swift package describe --type json | swift Scripts/check-architecture.swift "$@"' \
  architecture "${architecture_options[@]}"
# The linter holds its own package to its own folder layers, and every configuration in the
# repository to the schema editors check it with (a JSON Schema validator, jsonschema from PyPI).
if [ "$linter_package_tests" -eq 1 ]; then
  step_when "Workshop/ArchitectureLinter/" "The linter's own architecture" \
    bash -c 'set -o pipefail; swift package --package-path Workshop/ArchitectureLinter describe --type json | swift Scripts/check-architecture.swift'
fi
step "Every architecture.json in the repository is valid against the schema" \
  Workshop/ArchitectureLinter/Scripts/validate-configurations.py
if [ "$linter_package_tests" -eq 1 ]; then
  step "Import scanner agrees with the compiler's parse of every file" \
    Scripts/compare-imports-with-compiler.sh
fi
step "Format (fix with: swift format -i --recursive, and the paths below)" \
  swift format lint --strict --recursive "${swift_paths[@]}"
# The linter's artifact bundle, compiled ahead for the adoption test (in the architecture tests),
# which runs the guide's command, Workshop/ArchitectureLinter/Scripts/build-artifact-bundle.sh: a
# release build with the static runtime, mostly on one core, that ended the architecture tests
# last by a margin. From here to the modules' tests it runs in the idle scheduling class
# (lib/idle-priority.sh), on the cycles the builds' one-core tails and the documentation's waves
# leave idle. The test runs the command
# still, in the same scratch folder, where SwiftPM finds the build up to date; a failure is the
# test's to report, since it runs the same command. It is awaited before the tests, which have
# the cores to themselves, and stopped with its build if the suite stops first.
bundle_ahead=""
if [ "$tool_tests" -eq 1 ] && affected_reaches ArchitectureTests; then
  bundle_log=$(mktemp)
  set -m
  "${idle_priority[@]}" Workshop/ArchitectureLinter/Scripts/build-artifact-bundle.sh </dev/null >"$bundle_log" 2>&1 &
  bundle_ahead=$!
  set +m
  trap 'kill -TERM -- "-$bundle_ahead" 2>/dev/null; wait "$bundle_ahead" 2>/dev/null; rm -f "$bundle_log"' EXIT
fi
step "Build with undeclared-import check and warnings as errors" \
  swift build --build-tests "${build_flags[@]}"
# The other engine builds too, strictly and with the tests, but without the FaultPoints trait: the
# configuration a person ships. Its voyage must hold no fault point, while the build above holds
# them. (Each engine keeps its own build folder under .build, so neither replaces the other.)
# Unless the Thread Sanitizer step is left out, this build is instrumented for it, and that step
# (the last) runs on it: one clean build of Voyage serves both, where two cost CI two minutes.
other_engine=swiftbuild
[ "${engine[1]:-native}" = native ] || other_engine=native
mapfile -t other_build_flags < <(strict_without_fault_points "$other_engine")
sanitized_build=()
if [ "$both_engines" -eq 1 ]; then
  other_paths="Sources/ Tests/ Benchmarks/ Package.swift"
  other_name="Build on the other engine ($other_engine), warnings as errors, without fault points"
  # shellcheck disable=SC2086
  if [ "$sanitizer" -eq 1 ] && affected_touches $other_paths; then
    sanitized_build=("${other_build_flags[@]}")
    other_build_flags+=(--sanitize=thread)
    other_name+=", for Thread Sanitizer"
  fi
  step_when "$other_paths" "$other_name" \
    swift build --build-tests "${other_build_flags[@]}"
  step_when "Sources/ Package.swift Scripts/check-shipping-binary.sh" "The shipping configuration has no fault point (the $other_engine build above)" \
    Scripts/check-shipping-binary.sh "${engine[@]}" --built "$(swift build "${other_build_flags[@]}" --show-bin-path)"
fi
if [ "$linter_package_tests" -eq 1 ]; then
  step_when "Workshop/ArchitectureLinter/" "Build the architecture linter's package, warnings as errors" \
    swift build "${linter_package[@]}" --build-tests "${strict_build_flags[@]}"
fi
if [ "$tool_tests" -eq 1 ]; then
  step_when "Workshop/Scaffolding/ Workshop/ArchitectureLinter/" "Build the scaffolding tool's package, warnings as errors" \
    swift build "${scaffolding_package[@]}" --build-tests "${scaffolding_build_flags[@]}"
fi
# The documentation site, every symbol link resolving: a renamed type that an article or a catalog
# names fails here (the same build flags, so the build above is reused).
if [ "$docs" -eq 1 ]; then
  step_when "docs/ Sources/ Scripts/build-docs.sh" "Documentation builds with warnings as errors" \
    Scripts/build-docs.sh -- "${build_flags[@]}"
fi
if [ -n "$bundle_ahead" ]; then
  bundle_awaited=$SECONDS
  if wait "$bundle_ahead"; then
    bundle_outcome="compiled ahead, beside the steps above in the idle scheduling class"
  else
    bundle_outcome="failed (the adoption test runs the same command, and fails saying why): $(tail -n 3 "$bundle_log")"
  fi
  printf "\ncheck: the linter's artifact bundle %s (waited for: %d s)\n" "$bundle_outcome" \
    "$((SECONDS - bundle_awaited))"
  rm -f "$bundle_log"
  trap - EXIT
fi
# A hung test fails the run after 20 minutes instead of eating CI's whole budget.
# The modules' tests first, then the architecture tests apart: these build and run packages of
# their own (canaries, scaffolding, forks, adoption, measurements), and beside them the modules'
# tests that hold a deadline would wait for the cores.
module_tests=(--skip ArchitectureTests)
reached=all
if affected_narrows; then
  reached=$(affected_among "${affected_tests[@]}" | tr '|' '\n' | grep -vx ArchitectureTests | paste -sd '|' -)
  module_tests=(--filter "^(${reached})\.")
fi
if [ -z "$reached" ]; then
  left_out "Tests of every module" "the changes since $affected_since reach no module test target"
else
  step "Tests of every module" \
    tests_that_run timeout 1200 swift test --skip-build "${test_flags[@]}" "${module_tests[@]}"
fi
architecture_test_options=(--skip-build "${test_flags[@]}" --filter ArchitectureTests)
[ "$migration" -eq 0 ] && architecture_test_options+=(--skip MigrationReplayTests)
[ "$tool_tests" -eq 0 ] && architecture_test_options+=(
  --skip "ForkingTests|ScaffoldingTests|AdoptionTests|BuildMeasurementTests|MeasurementScriptTests")
if affected_reaches ArchitectureTests; then
  step "Architecture tests (canaries, docs, scaffolding, forks, adoption, measurement scripts)" \
    tests_that_run timeout 1200 swift test "${architecture_test_options[@]}"
else
  left_out "Architecture tests" "the changes since $affected_since do not reach ArchitectureTests"
fi
if [ "$tool_tests" -eq 1 ]; then
  step_when "Workshop/Scaffolding/ Workshop/ArchitectureLinter/" "The scaffolding tool's tests (its requests, names, owners' lines, and undo at every step of each command)" \
    tests_that_run timeout 300 swift test "${scaffolding_package[@]}" "${scaffolding_build_flags[@]}" --skip-build
fi
if [ "$linter_package_tests" -eq 1 ]; then
  step_when "Workshop/ArchitectureLinter/" "The architecture linter's tests (in-process, on its fixture packages; the plugin and the script)" \
    tests_that_run timeout 600 swift test "${linter_package[@]}" "${engine[@]}" --skip-build
fi
# The migration examples (Workshop/Migration, cut by kind; Workshop/OneTarget, one target), each
# replayed step by step in a scratch folder: each step builds strictly, its behaviour tests pass
# (the start's ones changed in their imports only), it prints its behaviour.txt if it has one, the
# linter prints what its pull request quotes, the baseline only shrinks and ends empty, and the
# canary pull requests are refused. The linter is the executable the linter package's build above
# compiled. The two replay side by side: a replay keeps about one core busy (one small module's
# compile after another), so two share the machine's cores where one after the other leaves one idle.
linter_for_replays=(CHECK_ARCHITECTURE="$(swift build "${linter_package[@]}" "${engine[@]}" --show-bin-path)/check-architecture")
replays_side_by_side() { # examples…
  local examples=("$@") logs=() pids=() failed=0 index
  for index in "${!examples[@]}"; do
    logs+=("$(mktemp)")
    env "${linter_for_replays[@]}" Workshop/Scripts/replay-migration.sh --check --example "${examples[$index]}" >"${logs[$index]}" 2>&1 &
    pids+=($!)
  done
  for index in "${!examples[@]}"; do
    printf '\n--- %s\n' "${examples[$index]}"
    if wait "${pids[$index]}"; then
      cat "${logs[$index]}"
    else
      cat "${logs[$index]}"
      printf 'FAILED: the replay of %s; reproduce it alone with: %s Workshop/Scripts/replay-migration.sh --check --example %s\n' "${examples[$index]}" "${linter_for_replays[*]}" "${examples[$index]}" >&2
      failed=1
    fi
    rm -f "${logs[$index]}"
  done
  return "$failed"
}
examples=()
for example in Workshop/Migration Workshop/OneTarget; do
  [ -d "$example/Start" ] && examples+=("$example")
done
if [ "$migration" -eq 1 ] && [ ${#examples[@]} -eq 0 ]; then
  printf '\n==> The migration examples: neither is in this repository, nothing to replay\n'
elif [ "$migration" -eq 1 ]; then
  step_when "Workshop/Migration/ Workshop/OneTarget/ Workshop/Scripts/replay-migration.sh Workshop/ArchitectureLinter/" "Migration examples, every step checked by Workshop/Scripts/replay-migration.sh (${examples[*]}, side by side)" \
    replays_side_by_side "${examples[@]}"
fi
# The concurrency code runs again under Thread Sanitizer: the tests of every Infrastructure and
# Features module (actors, locks, the coalescing cache, the saga), read from the architecture. They
# run on the other engine's sanitized build above; with one engine, in a build folder of their own,
# so the sanitized build neither replaces nor invalidates the ordinary one.
if [ "$sanitizer" -eq 0 ]; then
  printf '\nAll %d checks passed (the Thread Sanitizer step was left out).\n' "$steps_run"
  exit 0
fi
sanitized_tests=$(swift package describe --type json | swift Scripts/check-architecture.swift --list-targets \
  | awk -F '\t' '$2 == "library" && ($3 == "Infrastructure" || $3 == "Features") { want[$1 "Tests"] = 1 }
      $2 == "test" && want[$1] { found = found (found ? "|" : "") $1 } END { print found }')
# With --affected, only the reached ones.
IFS='|' read -r -a sanitized <<<"$sanitized_tests"
sanitized_tests=$(affected_among "${sanitized[@]}")
if affected_narrows && [ -z "$sanitized_tests" ]; then
  left_out "Concurrency tests under Thread Sanitizer" "the changes since $affected_since reach none of them"
else
  sanitizer_run=("${engine[@]}" --scratch-path .build/thread-sanitizer)
  [ ${#sanitized_build[@]} -gt 0 ] && sanitizer_run=(--skip-build "${sanitized_build[@]}")
  step "Concurrency tests under Thread Sanitizer" \
    tests_that_run timeout 1200 swift test "${sanitizer_run[@]}" --sanitize=thread \
    --filter "${sanitized_tests:-no-test-target-found}"
fi

printf '\nAll %d checks passed.\n' "$steps_run"
