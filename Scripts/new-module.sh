#!/usr/bin/env bash
# Adds a module the right way in one command (`--help` says what it writes):
#
#   Scripts/new-module.sh <Kernel|Interfaces|Infrastructure|Features> <Name> ["purpose"] [--owner @team] [--no-check]
#
# The work is `scaffold new-module`, a command of the repository's Swift scaffolding tool
# (Workshop/Scaffolding/); this builds the tool when needed and runs it in the repository.
set -euo pipefail
source "$(dirname "$0")/lib/scaffold.sh"
run_scaffold new-module "$@"
