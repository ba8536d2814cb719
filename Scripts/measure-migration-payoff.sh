#!/usr/bin/env bash
# The payoff of the migration example, measured before the migration (Start) and after it (the
# last step), each change in a copy of the package (Scripts/measure-rebuild.sh): the files,
# folders and modules it touches and the modules that recompile after it.
#   - one product change that crosses every layer, a gift note at checkout (a field, its
#     validation, the request, the screen): Examples/Migration/Payoff/gift-note-{start,end}.patch;
#   - one change inside the checkout screen: a new public declaration in the module that holds
#     its view model (ViewModels before, CheckoutFeature after).
#
#   Scripts/measure-migration-payoff.sh           # print the table
#   Scripts/measure-migration-payoff.sh --check   # fail unless the migration guide quotes it
#
# The guide (docs/Voyage.docc/Migration.md) holds the table between the lines
# `<!-- payoff table -->` and `<!-- end of payoff table -->`.
set -euo pipefail
cd "$(dirname "$0")/.."

check=0
case "${1:-}" in
  "") ;;
  --check) check=1 ;;
  -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
esac

payoff=Examples/Migration/Payoff
work=$(mktemp -d "${TMPDIR:-/tmp}/voyage-payoff.XXXXXX")
trap 'rm -rf "$work"' EXIT
Scripts/replay-migration.sh --into "$work/end" >/dev/null
measure() { Scripts/measure-rebuild.sh --json "$@"; }
# Two at a time, each in a copy of its own: the table counts modules, never milliseconds, and a
# small package's build leaves a core idle while its chain of modules compiles one by one.
both() { # waits for both jobs, then fails if either failed
  local status=0
  wait "$1" || status=$?
  wait "$2" || status=$?
  return "$status"
}
measure --patch "$payoff/gift-note-start.patch" Examples/Migration/Start >"$work/note-start.json" &
first=$!
measure --public ViewModels Examples/Migration/Start >"$work/screen-start.json" &
both "$first" "$!"
measure --patch "$payoff/gift-note-end.patch" "$work/end" >"$work/note-end.json" &
first=$!
measure --public CheckoutFeature "$work/end" >"$work/screen-end.json" &
both "$first" "$!"

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
