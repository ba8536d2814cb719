#!/usr/bin/env bash
# Removes a module the right way in one command, the inverse of new-module.sh (`--help` says what
# goes with a feature):
#
#   Scripts/remove-module.sh <Name> [--no-check] [--no-record]
#
# The work is `scaffold remove-module`, a command of the repository's Swift scaffolding tool
# (Workshop/Scaffolding/); this builds the tool when needed and runs it in the repository.
set -euo pipefail
source "$(dirname "$0")/lib/scaffold.sh"
run_scaffold remove-module "$@"
