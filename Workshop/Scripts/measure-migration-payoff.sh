#!/usr/bin/env bash
# The payoff of the migration example, measured before the migration (Start) and after it (the
# last step), each change in a copy of the package (Workshop/Scripts/measure-rebuild.sh): the files,
# folders and modules it touches and the modules that recompile after it.
#   - one product change that crosses every layer, a gift note at checkout (a field, its
#     validation, the request, the screen): Workshop/Migration/Payoff/gift-note-{start,end}.patch;
#   - one change inside the checkout screen: a new public declaration in the module that holds
#     its view model (ViewModels before, CheckoutFeature after).
#
#   Workshop/Scripts/measure-migration-payoff.sh [--jobs N]           # print the table
#   Workshop/Scripts/measure-migration-payoff.sh [--jobs N] --check   # fail unless the migration guide quotes it
#
#   --jobs N   measure N changes at a time, each in a copy of its own (default 1: one build at a
#              time, so no build shares the machine with another; the table counts modules, which
#              do not depend on it, but a build's seconds do)
#
# The guide (docs/Voyage.docc/Migration.md) holds the table between the lines
# `<!-- payoff table -->` and `<!-- end of payoff table -->`.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
cd "$(dirname "$0")/../.."

check=0
jobs=1
while [ $# -gt 0 ]; do
  case "$1" in
    --check) check=1; shift ;;
    --jobs)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]?$ ]] \
        || { echo "Error: --jobs takes a number of builds at a time, 1 to 99 (see --help)" >&2; exit 64; }
      jobs=$2; shift 2 ;;
    -h | --help) script_help; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done

payoff=Workshop/Migration/Payoff
work=$(mktemp -d "${TMPDIR:-/tmp}/voyage-payoff.XXXXXX")
trap 'rm -rf "$work"' EXIT
Workshop/Scripts/replay-migration.sh --into "$work/end" >/dev/null
# MEASURE_REBUILD names another measuring script (one that prints measure-rebuild.sh's JSON).
measure() { "${MEASURE_REBUILD:-Workshop/Scripts/measure-rebuild.sh}" --json "$@"; }
# Each measurement in a copy of its own, at most `jobs` at a time; fails if any failed.
running=0
status=0
start() {
  local output=$1
  shift
  measure "$@" >"$output" &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || status=1
    running=$((running - 1))
  fi
}
start "$work/note-start.json" --patch "$payoff/gift-note-start.patch" Workshop/Migration/Start
start "$work/screen-start.json" --public ViewModels Workshop/Migration/Start
start "$work/note-end.json" --patch "$payoff/gift-note-end.patch" "$work/end"
start "$work/screen-end.json" --public CheckoutFeature "$work/end"
while [ "$running" -gt 0 ]; do
  wait -n || status=1
  running=$((running - 1))
done
[ "$status" -eq 0 ] || { echo "payoff: a measurement failed" >&2; exit 1; }

table=$(python3 - "$work" <<'EOF'
import json, os, sys
rows = [
    ("a gift note at checkout, before", "note-start"),
    ("a gift note at checkout, after", "note-end"),
    ("a new public declaration in the checkout screen, before", "screen-start"),
    ("a new public declaration in the checkout screen, after", "screen-end"),
]
print("| the change | files | folders | modules touched | modules recompiled |")
print("|---|---|---|---|---|")
for label, name in rows:
    m = json.load(open(os.path.join(sys.argv[1], name + ".json")))
    touched = ", ".join(m["modules_touched"])
    rebuilt = ", ".join(m["modules_rebuilt"])
    print(f"| {label} | {len(m['files'])} | {len(m['folders'])} | {len(m['modules_touched'])} ({touched}) "
          f"| {len(m['modules_rebuilt'])} of {m['modules_built']} ({rebuilt}) |")
EOF
)

if [ "$check" -eq 0 ]; then
  printf '%s\n' "$table"
  exit 0
fi
guide=docs/Voyage.docc/Migration.md
quoted=$(awk '/^<!-- end of payoff table -->$/ { on = 0 } on { print } /^<!-- payoff table -->$/ { on = 1 }' "$guide")
if [ "$quoted" != "$table" ]; then
  echo "payoff: the table in $guide is not what the measurement prints:" >&2
  diff <(printf '%s\n' "$quoted") <(printf '%s\n' "$table") >&2 || true
  exit 1
fi
echo "payoff: the guide's table is what the measurement prints"
