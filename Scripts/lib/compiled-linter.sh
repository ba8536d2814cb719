# The linter as one compiled program, for a script that runs it many times: $CHECK_ARCHITECTURE
# when it is set (a compiled check-architecture, such as the tests pass), otherwise
# Scripts/check-architecture.swift compiled once into FOLDER (a minute or two). Sets `linter`; a
# compilation that fails prints the compiler's output and MESSAGE, and ends the script.
#
#   source Scripts/lib/compiled-linter.sh
#   compiled_linter FOLDER MESSAGE
# Found when sourced: a script may change folders before it asks.
compiled_linter_source=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/check-architecture.swift
compiled_linter() {
  if [ -n "${CHECK_ARCHITECTURE:-}" ]; then
    linter=$CHECK_ARCHITECTURE
    return
  fi
  echo "compiling the linter…" >&2
  swiftc "$compiled_linter_source" -o "$1/check-architecture" \
    >"$1/swiftc.log" 2>&1 || { cat "$1/swiftc.log" >&2; echo "$2" >&2; exit 1; }
  linter=$1/check-architecture
}
