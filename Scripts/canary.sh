#!/usr/bin/env bash
# Proves the check suite is not silently disabled: copies the repository to a temporary folder,
# injects one real architecture violation, runs the README's check command there, and passes
# only if that command fails and names the violation.
set -uo pipefail
cd "$(dirname "$0")/.."

copy=$(mktemp -d)
trap 'rm -rf "$copy"' EXIT
git ls-files -z | xargs -0 tar -cf - | tar -xf - -C "$copy"

victim=Sources/Interfaces/BookingInterface/BookingRepository.swift
printf 'import Networking\n' | cat - "$victim" >"$copy/$victim"
echo "canary: injected 'import Networking' into $victim (an interface importing an implementation)"

output=$("$copy/Scripts/check.sh" 2>&1)
status=$?
if [ "$status" -eq 0 ]; then
  echo "canary: FAILED: the check suite passed with the violation in place" >&2
  exit 1
fi
if ! grep -q "$victim:1:1: error: \[undeclared-import\]" <<<"$output"; then
  echo "canary: FAILED: the check suite failed (exit $status) without naming the violation:" >&2
  echo "$output" | tail -n 20 >&2
  exit 1
fi
echo "canary: ok: the check suite failed (exit $status) and named the violation:"
grep "error: \[undeclared-import\]" <<<"$output"
