# The flags of the check suite's builds, written once: every script whose build the check suite
# then reuses (or that reuses the check suite's) builds with exactly these, since SwiftPM rebuilds
# every module when the flags differ from the last build's.
# `--explicit-target-dependency-import-check error` still prints "Build complete!" when it finds an
# undeclared import: only the exit code tells, so every step is judged by its exit code.
strict_build_flags=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
# The same, kept as it is when use_build_engine (below) adds an engine to the others.
native_strict_build_flags=("${strict_build_flags[@]}")
# Voyage's own package builds with its fault points too (the FaultPoints trait), so the tests can
# stop `voyage` at a named step of the checkout saga; the linter's and the scaffolding tool's
# packages have no such trait. A default build (the shipping binary) has none.
voyage_traits=(--traits FaultPoints)
voyage_build_flags=("${strict_build_flags[@]}" "${voyage_traits[@]}")

# The same strictness on SwiftPM's Swift Build engine (`--build-system swiftbuild`). There
# `-Xswiftc` reaches the compiles of a dependency package too, which Swift Build gives
# -suppress-warnings, and the two conflict ("error: conflicting options '-warnings-as-errors' and
# '-suppress-warnings'"). So the packages that depend on the linter's (Voyage and the scaffolding
# tool) ask for warnings as errors through their WarningsAsErrors trait, which sets
# `.treatAllWarnings(as: .error)` on their own targets only. The linter's package depends on
# nothing and keeps the flag. Sets `engine`, and these flags, for ENGINE.
use_build_engine() { # native|swiftbuild
  engine=(--build-system "$1")
  mapfile -t scaffolding_build_flags < <(strict_without_fault_points "$1")
  if [ "$1" = swiftbuild ]; then
    voyage_traits=(--traits FaultPoints,WarningsAsErrors)
    voyage_build_flags=(--explicit-target-dependency-import-check error "${voyage_traits[@]}" "${engine[@]}")
  else
    voyage_build_flags+=("${engine[@]}")
  fi
  voyage_traits+=("${engine[@]}")
  strict_build_flags+=("${engine[@]}")
}

# The strict flags on ENGINE, one a line, for a package that depends on the linter's and is built
# without fault points: the scaffolding tool, and Voyage as a person ships it.
strict_without_fault_points() { # native|swiftbuild
  if [ "$1" = swiftbuild ]; then
    printf '%s\n' --explicit-target-dependency-import-check error --traits WarningsAsErrors --build-system swiftbuild
  else
    printf '%s\n' "${native_strict_build_flags[@]}" --build-system native
  fi
}
