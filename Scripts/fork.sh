#!/usr/bin/env bash
# Makes this repository someone else's app in one command, in place (`--help` says what it renames):
#
#   Scripts/fork.sh <NewName> [--org NAME] [--env-prefix PREFIX] [--no-check]
#
# The work is `scaffold fork`, a command of the repository's Swift scaffolding tool (Workshop/Scaffolding/);
# this builds the tool when needed and runs it in the repository.
set -euo pipefail
source "$(dirname "$0")/lib/scaffold.sh"
run_scaffold fork "$@"
