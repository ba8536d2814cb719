#!/usr/bin/env bash
# Proves that `Scripts/check.sh --affected HEAD` misses nothing: for a sample of modules across
# the layers, it plants one small change that breaks a behaviour a test pins (a flipped
# comparison, a changed constant, a dropped case), runs the check suite on the changes since HEAD
# and requires it to fail. First it requires that the suite, with nothing changed, reaches no
# test target and passes. It works in a scratch clone of the repository's HEAD (the working tree
# is never touched), built once and reused, each change undone before the next.
#
#   Workshop/Scripts/check-affected-mutations.sh [--clone DIR] [--list] [MODULE…]
#
#   MODULE       only these modules' changes (default: every module in the table below)
#   --clone DIR  the scratch clone (default /tmp/voyage-affected-mutations); an existing one is
#                moved to this repository's HEAD and keeps its .build, so a second run builds
#                only what changed
#   --list       print the table (module, the test target that must be reached, the change)
#                and stop
#
# Each module prints one line: the module, the change, the step of the suite that failed (a
# survivor says SURVIVED) and the seconds it took; then a summary. A change counts as caught only
# when the modules' tests fail on it: one the suite's plan did not reach with the module's test
# target, one that failed an earlier step (the table's changes compile without a warning), or one
# whose text is no longer in its file, counts as missed.
# Run on purpose, not by CI: a first build of the clone takes minutes, each change a few more.
#
# Exit status: 0 every change failed the suite, 1 a change survived (or the plan missed it, or
# the suite failed with nothing changed), 64 usage.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
repository=$(cd "$(dirname "$0")/../.." && pwd)

# One change a line: module | test target the plan must reach | file | original text | text
# planted in its place. The original must occur exactly once in the file; each change compiles
# without a warning, so it fails a test, not the build.
mutations() {
  cat <<'EOF'
SharedKernel|SharedKernelTests|Sources/Kernel/SharedKernel/CalendarDate.swift|year % 400 == 0) ? 29 : 28|year % 400 == 0) ? 28 : 29
DesignSystem|DesignSystemTests|Sources/Kernel/DesignSystem/DisplayWidth.swift|let room = width - ellipsis.displayWidth|let room = width - ellipsis.displayWidth + 1
EventLog|EventLogTests|Sources/Kernel/EventLog/LogEvent.swift|.number((milliseconds * 10).rounded() / 10)|.number(milliseconds.rounded())
BookingInterface|CheckoutFeatureTests|Sources/Interfaces/BookingInterface/OrderLedger.swift|case .held: [.charged, .released]|case .held: [.charged]
PaymentInterface|PaymentInterfaceTests|Sources/Interfaces/PaymentInterface/PaymentCard.swift|year < 100 ? 2000 + year : year|year < 100 ? 1900 + year : year
Networking|NetworkingTests|Sources/Infrastructure/Networking/TransportRequest.swift|status >= 500 \|\| status == 429|status >= 400 \|\| status == 429
SQLite|SQLiteTests|Sources/Infrastructure/SQLite/SQLiteDatabase.swift|PRAGMA foreign_keys = ON|PRAGMA foreign_keys = OFF
LedgerRows|LedgerRowsTests|Sources/Infrastructure/LedgerRows/LedgerWriteOutcome.swift|guard state == .charged else|guard state == .charged \|\| state == .held else
BookingData|BookingDataTests|Sources/Infrastructure/BookingData/LeastRecentlyUsedCache.swift|entries.count == capacity,|entries.count == capacity + 1,
SearchFeature|SearchFeatureTests|Sources/Features/SearchFeature/SearchFeature.swift|guard !trip.isSoldOut else { return .soldOut(trip.id) }|_ = trip.isSoldOut
CheckoutFeature|CheckoutFeatureTests|Sources/Features/CheckoutFeature/CheckoutFailure.swift|case .payment(.declined, _): "card_declined"|case .payment(.declined, _): "declined"
AppComposition|AppCompositionTests|Sources/App/AppComposition/AppGraph+SearchFeature.swift|case .tripSelected(let trip): .trip(trip)|case .tripSelected: nil
CommandLineInterface|CommandLineInterfaceTests|Sources/App/CommandLineInterface/ExitStatus.swift|case usage = 64|case usage = 2
EOF
}

# The fields of a table line, split on the bars that are not escaped (`\|` is a bar in the text).
fields() { # LINE
  python3 -c '
import re, sys
for field in re.split(r"(?<!\\)\|", sys.argv[1]):
    print(field.replace("\\|", "|"))' "$1"
}

clone=/tmp/voyage-affected-mutations
list=0
chosen=()
while [ $# -gt 0 ]; do
  case "$1" in
    --clone) [ -n "${2:-}" ] || script_usage; clone=$2; shift 2 ;;
    --list) list=1; shift ;;
    -h | --help) script_help; exit 0 ;;
    -*) echo "Error: unknown option '$1'" >&2; script_usage ;;
    *) chosen+=("$1"); shift ;;
  esac
done

table=()
while IFS= read -r line; do
  module=${line%%|*}
  if [ ${#chosen[@]} -eq 0 ] || grep -qx "$module" < <(printf '%s\n' "${chosen[@]}"); then
    table+=("$line")
  fi
done < <(mutations)
for module in "${chosen[@]}"; do
  grep -qx "$module" < <(mutations | cut -d '|' -f 1) || {
    echo "Error: no change is planted in '$module' (see --list)" >&2
    exit 64
  }
done
if [ "$list" -eq 1 ]; then
  for line in "${table[@]}"; do
    mapfile -t field < <(fields "$line")
    printf '%-22s %-26s %s: %s -> %s\n' "${field[@]}"
  done
  exit 0
fi

# The suite narrowed to what a change inside a function body can reach: one build engine, and
# none of the steps of the repository's own tools, of the migration examples, of the documentation
# site (a body names no symbol an article links to) or of Thread Sanitizer (the same tests again).
check=(nice -n 19 Scripts/check.sh --affected HEAD --one-engine --without-sanitizer
  --without-migration --without-docs --without-linter-package --without-tool-tests)
# The step a change must fail: a test of the module or of one that depends on it.
tests_step="Tests of every module"

head=$(git -C "$repository" rev-parse HEAD)
if [ -d "$clone/.git" ]; then
  git -C "$clone" fetch --quiet "$repository" HEAD
  git -C "$clone" checkout --quiet --force --detach "$head"
else
  git clone --quiet --no-checkout "$repository" "$clone"
  git -C "$clone" checkout --quiet --detach "$head"
fi
cd "$clone"
git checkout --quiet -- .
logs=$clone/.build/mutation-logs
mkdir -p "$logs"
echo "Scratch clone: $clone at $(git rev-parse --short HEAD); the suite's logs: $logs"
echo "Suite: ${check[*]:3}"

# The step the suite reported failing, from its log.
failed_step() { # LOG
  sed -n 's/^FAILED: \(.*\) (after [0-9]* s)$/\1/p' "$1" | head -n 1
}

# How many expectations failed, known issues (`withKnownIssue`) not counted, from Swift Testing's
# last line.
failing_tests() { # LOG
  local summary issues known
  summary=$(grep '^✘ Test run with' "$1" | tail -n 1)
  issues=$(sed -n 's/.* with \([0-9][0-9]*\) issues\{0,1\}.*/\1/p' <<<"$summary")
  known=$(sed -n 's/.*including \([0-9][0-9]*\) known issue.*/\1/p' <<<"$summary")
  printf '%d issues' "$((${issues:-0} - ${known:-0}))"
}

# The test targets the suite's plan says the changes reach, one a line.
reached_targets() { # LOG
  sed -n 's/^check: the changes since HEAD reach [0-9]* test targets: //p' "$1" | tr ' ' '\n'
}

started=$SECONDS
echo
echo "With nothing changed (this builds the clone, the first time):"
log=$logs/unchanged.log
begun=$SECONDS
if "${check[@]}" >"$log" 2>&1 && grep -q '^check: the changes since HEAD reach 0 test targets' "$log"; then
  printf '  %-22s %-52s %s (%d s)\n' "(none)" "nothing changed" "passed, no test target reached" "$((SECONDS - begun))"
else
  printf '  %-22s %-52s %s (%d s); see %s\n' "(none)" "nothing changed" "FAILED: $(failed_step "$log")" "$((SECONDS - begun))" "$log"
  exit 1
fi

echo
echo "Each change planted alone:"
caught=0
missed=()
for line in "${table[@]}"; do
  mapfile -t field < <(fields "$line")
  module=${field[0]} target=${field[1]} file=${field[2]} original=${field[3]} planted=${field[4]}
  shown="${original} -> ${planted}"
  [ ${#shown} -le 52 ] || shown="${shown:0:51}…"
  log=$logs/$module.log
  if ! python3 - "$file" "$original" "$planted" <<'EOF'; then
import sys
path, original, planted = sys.argv[1:]
text = open(path, encoding="utf-8").read()
if text.count(original) != 1:
    print(f"the original text occurs {text.count(original)} times in {path}, not once", file=sys.stderr)
    sys.exit(1)
open(path, "w", encoding="utf-8").write(text.replace(original, planted))
EOF
    printf '  %-22s %-52s %s\n' "$module" "$shown" "NOT PLANTED (update the table)"
    missed+=("$module")
    continue
  fi
  begun=$SECONDS
  if "${check[@]}" >"$log" 2>&1; then
    outcome="SURVIVED: the suite passed"
    missed+=("$module")
  elif ! grep -qx "$target" < <(reached_targets "$log"); then
    outcome="the plan did not reach $target: $(failed_step "$log")"
    missed+=("$module")
  elif [ "$(failed_step "$log")" != "$tests_step" ]; then
    outcome="failed before the tests: $(failed_step "$log")"
    missed+=("$module")
  else
    outcome="failed: $tests_step ($(failing_tests "$log"))"
    caught=$((caught + 1))
  fi
  printf '  %-22s %-52s %s (%d s)\n' "$module" "$shown" "$outcome" "$((SECONDS - begun))"
  git checkout --quiet -- .
done

echo
echo "$caught of ${#table[@]} changes failed the suite, in $(((SECONDS - started) / 60)) min $(((SECONDS - started) % 60)) s."
if [ ${#missed[@]} -gt 0 ]; then
  echo "Missed: ${missed[*]} (each suite's log is in $logs)" >&2
  exit 1
fi
