# The flags of the check suite's builds, written once: every script whose build the check suite
# then reuses (or that reuses the check suite's) builds with exactly these, since SwiftPM rebuilds
# every module when the flags differ from the last build's.
# `--explicit-target-dependency-import-check error` still prints "Build complete!" when it finds an
# undeclared import: only the exit code tells, so every step is judged by its exit code.
strict_build_flags=(--explicit-target-dependency-import-check error -Xswiftc -warnings-as-errors)
