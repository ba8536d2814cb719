# Runs the repository's scaffolding tool (Workshop/Scaffolding/, `scaffold <command>`) in the repository's
# root: $SCAFFOLD when set (a scaffold built once, as the tests hand it on), else the Scaffolding
# package's own, built first when its sources changed (quietly: its log is printed only when the
# build fails). SCAFFOLD_PROGRAM tells the tool how the person started it, for its usage lines.
# Sourced before the script changes directory, so it remembers where the script is.
source "$(dirname "${BASH_SOURCE[0]}")/strict-build.sh"
scaffold_script=Scripts/$(basename "$0")
scaffold_root=$(cd "$(dirname "$0")/.." && pwd)

run_scaffold() { # command arguments…
  local tool=${SCAFFOLD:-} log
  if [ -z "$tool" ]; then
    local build=(--package-path "$scaffold_root/Workshop/Scaffolding" "${strict_build_flags[@]}")
    tool=$(swift build "${build[@]}" --show-bin-path)/scaffold
    [ -x "$tool" ] || echo "$(basename "$0"): building the scaffolding tool (Workshop/Scaffolding/) first" >&2
    log=$(mktemp)
    if ! swift build "${build[@]}" --product scaffold >"$log" 2>&1; then
      cat "$log" >&2
      rm -f "$log"
      echo "Error: the scaffolding tool (Workshop/Scaffolding/) does not build" >&2
      return 1
    fi
    rm -f "$log"
  fi
  cd "$scaffold_root" && SCAFFOLD_PROGRAM="$scaffold_script" exec "$tool" "$@"
}
