#!/usr/bin/env bash
# Redraws the generated module graphs from one package description: the README's whole graph and
# each module README's neighbourhood. The scripts that change the set of modules (new-module.sh,
# remove-module.sh, fork.sh) end with it; the check suite fails when a graph is stale.
set -euo pipefail
cd "$(dirname "$0")/.."
description=$(mktemp)
trap 'rm -f "$description"' EXIT
swift package describe --type json >"$description"
swift Scripts/check-architecture.swift "$description" --update-graph README.md >/dev/null
swift Scripts/check-architecture.swift "$description" --update-module-readmes >/dev/null
