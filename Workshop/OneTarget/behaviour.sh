#!/usr/bin/env bash
# The behaviour every step of the one-target series keeps: these commands, run by the package's
# `roam` in a home folder of their own, print exactly behaviour.txt (standard output and error,
# and each exit status). The replay runs it after each step: Workshop/Scripts/replay-migration.sh.
#
#   Workshop/OneTarget/behaviour.sh PACKAGE   # PACKAGE built (swift build); prints the transcript
set -uo pipefail
roam="$(swift build --package-path "$1" --show-bin-path)/roam"
home=$(mktemp -d "${TMPDIR:-/tmp}/roam-behaviour.XXXXXX")
trap 'rm -rf "$home"' EXIT
run() {
  printf '$ roam'
  for word in "$@"; do
    if [[ $word == *" "* ]]; then printf ' "%s"' "$word"; else printf ' %s' "$word"; fi
  done
  printf '\n'
  "$roam" --home "$home" "$@" 2>&1
  echo "[exit $?]"
}
run search Lisbon
run --language de search lisbon --places 2
run --currency USD search Portugal --sort price --limit 3
run search Atlantis
run --language fr show LIS-002
run compare LIS-001 BCN-002
run search Portugal --by-month
run checkout LIS-001 --traveller "Ada Lovelace" --card "4242 4242 4242 4242" --places 2
run --language de checkout OPO-002 --traveller "Grace Hopper" --card "4000 0000 0000 0002"
run checkout LIS-003 --traveller Ada --card 1234
run tickets
run show LIS-001
run cancel TKT-0001
run --language fr tickets
run favourite BCN-002
run favourites
run recent
run destinations
run settings currency=GBP places=2
run frobnicate
