#!/usr/bin/env bash
# Redraws what the linter generates from one package description: the README's table of layers, the
# whole module graph and each module README's neighbourhood, after the manifest was changed by hand (the scaffolding tool
# behind new-module.sh, remove-module.sh and fork.sh redraws them itself, through the linter's
# library); the check suite fails when a graph is stale.
source "$(dirname "$0")/lib/generated-documents.sh"
set -euo pipefail
cd "$(dirname "$0")/.."
description=$(mktemp)
trap 'rm -f "$description"' EXIT
# The linter: $CHECK_ARCHITECTURE when set (a compiled check-architecture, which the tests pass
# to spare compiling the script at every run), else the one-file script, interpreted.
linter=(swift Scripts/check-architecture.swift)
[ -n "${CHECK_ARCHITECTURE:-}" ] && linter=("$CHECK_ARCHITECTURE")
swift package describe --type json >"$description"
while IFS= read -r document; do
  "${linter[@]}" "$description" --update-graph "$document" >/dev/null
done < <(generated_documents)
"${linter[@]}" "$description" --update-module-readmes >/dev/null
