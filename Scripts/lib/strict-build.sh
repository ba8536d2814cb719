# The flags of the check suite's builds, written once: every script whose build the check suite
# then reuses (or that reuses the check suite's) builds with exactly these, since SwiftPM rebuilds
# every module when the flags differ from the last build's.
# `--explicit-target-dependency-import-check error` still prints "Build complete!" when it finds an
# undeclared import: only the exit code tells, so every step is judged by its exit code.
strict_build_flags=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
# Voyage's own package builds with its fault points too (the FaultPoints trait), so the tests can
# stop `voyage` at a named step of the checkout saga; the linter's and the scaffolding tool's
# packages have no such trait. A default build (the shipping binary) has none.
voyage_traits=(--traits FaultPoints)
voyage_build_flags=("${strict_build_flags[@]}" "${voyage_traits[@]}")
