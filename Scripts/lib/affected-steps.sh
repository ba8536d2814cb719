# What `Scripts/check.sh --affected REV` runs: the test targets that the changes since REV can
# reach, as the architecture linter's `--affected` computes them from the package graph and the
# `reads` map of architecture.json, and the steps whose inputs changed. A change the linter
# cannot attribute (the manifest, the configuration) reaches everything. Run from the
# repository's root.

affected_changes=""       # every path changed since REV, untracked files included, one a line
affected_everything=""    # why every step runs, or empty
affected_tests=()         # the test targets reached

# Reads the plan for REV; exit status 2 with the linter's one line when REV cannot be used.
affected_plan() { # REV
  local since=$1 report status
  report=$(swift package describe --type json |
    swift Workshop/ArchitectureLinter/Scripts/check-architecture.swift --affected "$since" --format json)
  status=$?
  if [ "$status" -ne 0 ]; then
    echo "check: --affected $since: the linter could not tell what the change reaches (exit $status)" >&2
    return 2
  fi
  affected_everything=$(python3 -c '
import json, sys
causes = json.load(sys.stdin).get("every_target_because") or []
print("; ".join(causes[:2]) + (f"; and {len(causes) - 2} more" if len(causes) > 2 else ""))' <<<"$report")
  mapfile -t affected_tests < <(python3 -c '
import json, sys
for target in json.load(sys.stdin)["targets"]:
    if target["kind"] == "test":
        print(target["name"])' <<<"$report")
  affected_changes=$( (git diff --name-only --no-renames "$since" -- && git ls-files --others --exclude-standard) | sort -u)
}

# Whether --affected narrows the run: given, and the change does not reach everything.
affected_narrows() {
  [ -n "$affected_since" ] && [ -z "$affected_everything" ]
}

# Whether a step whose inputs are PATHS (prefixes from the repository's root) runs: always
# without --affected, when the change reaches everything, or when a changed path starts with
# one of them.
affected_touches() { # PATHS…
  affected_narrows || return 0
  local path prefix
  while IFS= read -r path; do
    for prefix in "$@"; do
      [[ "$path" == "$prefix"* ]] && return 0
    done
  done <<<"$affected_changes"
  return 1
}

# Whether the test target NAME is reached (always, without --affected).
affected_reaches() { # NAME
  affected_narrows || return 0
  local name
  for name in "${affected_tests[@]}"; do
    [ "$name" = "$1" ] && return 0
  done
  return 1
}

# The reached test targets among NAMES (all of them without --affected), joined with |.
affected_among() { # NAMES…
  local name found=()
  for name in "$@"; do
    affected_reaches "$name" && found+=("$name")
  done
  local IFS='|'
  printf '%s' "${found[*]}"
}
