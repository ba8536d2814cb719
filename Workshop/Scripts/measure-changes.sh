#!/usr/bin/env bash
# How far one change reaches in a package's history: how many modules each commit touched (the
# distribution, and the commits that touched the most) and which files change most often. The
# measurement a team takes on its own repository before and during a modularization.
#
#   Workshop/Scripts/measure-changes.sh [--since DATE] [--top N] [--json] [PACKAGE]
#
# Modules are the package's targets as it is now (`swift package describe`, read by Voyage's
# linter): a file belongs to the target whose folder holds it, a test target counts as the module
# it tests (`FooTests` → `Foo`), and a file in no target's folder (a script, a document, the
# manifest) counts for no module. Renames are followed (git's rename detection): a file is
# counted under the name it has now, so a commit from before a move counts for the module its
# files moved into, and a history that moved every folder is still measured. Merge commits are
# left out. Runs in any Swift package that is a git repository; PACKAGE defaults to the current
# folder.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

usage() {
  script_help
  cat <<'EOF'

Options:
  --since DATE   only commits after DATE (anything git log --since takes; default: all history)
  --top N        how many commits and files to list (default 10)
  --json         one JSON document instead of text
  -h, --help     this text

CHECK_ARCHITECTURE=PATH runs that compiled linter (check-architecture) instead of interpreting
Scripts/check-architecture.swift, which takes a few seconds more.
EOF
}
refuse() {
  echo "measure-changes: $1" >&2
  echo "Run 'Workshop/Scripts/measure-changes.sh --help' for its options." >&2
  exit 64
}

since="" top=10 json=0 package=.
while [ $# -gt 0 ]; do
  case "$1" in
    --since) [ $# -ge 2 ] || refuse "--since needs a date"; since=$2; shift 2 ;;
    --top)
      [ $# -ge 2 ] && [[ $2 =~ ^[1-9][0-9]{0,3}$ ]] || refuse "--top needs a whole number from 1 to 9999"
      top=$2; shift 2 ;;
    --json) json=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) refuse "unknown option '$1'" ;;
    *) package=$1; shift ;;
  esac
done
[ -d "$package" ] || refuse "'$package' is not a folder"
git -C "$package" rev-parse --git-dir >/dev/null 2>&1 || refuse "'$package' is not in a git repository"

# Target folders relative to the repository's top, so they compare with git's paths.
prefix=$(git -C "$package" rev-parse --show-prefix)
linter=(swift "$here/../../Scripts/check-architecture.swift")
[ -n "${CHECK_ARCHITECTURE:-}" ] && linter=("$CHECK_ARCHITECTURE")
targets=$(swift package --package-path "$package" describe --type json 2>/dev/null \
  | "${linter[@]}" --no-config --list-targets) \
  || refuse "swift package describe failed in '$package': is it a Swift package?"

# Newest first, each file with its status (R<score> old new for a rename), so that walking back
# in time each old name can be mapped to the name it has now.
log_arguments=(--no-merges --name-status -M --format='@%h%x09%s')
[ -n "$since" ] && log_arguments+=(--since="$since")
[ -n "$prefix" ] && log_arguments+=(-- .)
history=$(git -C "$package" log "${log_arguments[@]}")

# One record a line: N (commits, targets), P (modules, commit, subject) a commit, F (commits, path)
# a file, under its name today. Counted by awk; sorted and laid out below.
records=$(
  {
    printf '%s\n' "$targets" | awk -F '\t' -v prefix="$prefix" 'NF >= 4 { print "T\t" prefix $4 "/\t" $1 }'
    printf '%s\n' "$history" | awk '/^@/ { print "C\t" substr($0, 2); next } NF { print "F\t" $0 }'
  } | awk -F '\t' '
    function module_of(path,    best, longest, folder) {
      best = ""; longest = 0
      for (folder in owner) {
        if (index(path, folder) == 1 && length(folder) > longest) {
          best = owner[folder]; longest = length(folder)
        }
      }
      return best
    }
    function finish(    name, count) {
      if (commit == "") return
      count = 0
      for (name in touched) { count++; delete touched[name] }
      commits++
      print "P\t" count "\t" commit
    }
    $1 == "T" {
      name = $3
      if (name ~ /Tests$/) name = substr(name, 1, length(name) - 5)
      owner[$2] = name; targets++
      next
    }
    $1 == "C" { finish(); commit = $2 "\t" $3; next }
    $1 == "F" {
      # $2 the status, $3 the path (for a rename or a copy: the old path, then the new in $4).
      path = ($2 ~ /^[RC]/) ? $4 : $3
      current = (path in renamed) ? renamed[path] : path
      files[current]++
      name = module_of(current)
      if (name != "") touched[name] = 1
      # Older commits name the file by its old path: from here back, it is the file it became.
      if ($2 ~ /^R/) renamed[$3] = current
    }
    END {
      finish()
      for (path in files) print "F\t" files[path] "\t" path
      print "N\t" commits + 0 "\t" targets + 0
    }'
)
commits=$(printf '%s\n' "$records" | awk -F '\t' '$1 == "N" { print $2 }')
target_count=$(printf '%s\n' "$records" | awk -F '\t' '$1 == "N" { print $3 }')
[ "$commits" -gt 0 ] || refuse "no commit${since:+ since $since} in '$package'"
per_commit=$(printf '%s\n' "$records" | awk -F '\t' '$1 == "P" { print $2 "\t" $3 "\t" $4 }')
distribution=$(printf '%s\n' "$per_commit" | cut -f1 | sort -n | uniq -c | awk '{ print $2 "\t" $1 }')
widest_commits=$(printf '%s\n' "$per_commit" | sort -t "$(printf '\t')" -k1,1nr -s | awk -v n="$top" 'NR <= n')
busiest_files=$(printf '%s\n' "$records" | awk -F '\t' '$1 == "F" { print $2 "\t" $3 }' \
  | sort -t "$(printf '\t')" -k1,1nr -k2,2 | awk -v n="$top" 'NR <= n')
statistics=$(printf '%s\n' "$per_commit" | cut -f1 | sort -n | awk '
  { value[NR] = $1; total += $1 }
  END {
    median = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2
    # Nearest rank: the smallest value that at least 80% of the commits do not exceed.
    rank = int(NR * 0.8); if (rank < NR * 0.8) rank++
    eighty = value[rank]
    printf "%s\t%.1f\t%s\n", median, total / NR, eighty
  }')
median=$(cut -f1 <<<"$statistics")
mean=$(cut -f2 <<<"$statistics")
eightieth=$(cut -f3 <<<"$statistics")

if [ "$json" = 1 ]; then
  json_string() { printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"; }
  printf '{"commits": %s, "since": %s, "targets": %s, "median": %s, "mean": %s, "eightieth_percentile": %s,\n' \
    "$commits" "$( [ -n "$since" ] && json_string "$since" || printf 'null')" "$target_count" "$median" "$mean" "$eightieth"
  printf ' "distribution": {%s},\n' "$(printf '%s\n' "$distribution" | awk -F '\t' '{ printf "%s\"%s\": %s", (NR > 1 ? ", " : ""), $1, $2 }')"
  printf ' "widest_commits": [%s],\n' "$(printf '%s\n' "$widest_commits" | while IFS=$'\t' read -r count hash subject; do
    printf '%s{"commit": "%s", "modules": %s, "subject": %s}' "${separator-}" "$hash" "$count" "$(json_string "$subject")"
    separator=', '
  done)"
  printf ' "busiest_files": [%s]}\n' "$(printf '%s\n' "$busiest_files" | while IFS=$'\t' read -r count path; do
    printf '%s{"path": %s, "commits": %s}' "${separator-}" "$(json_string "$path")" "$count"
    separator=', '
  done)"
  exit 0
fi

printf 'Modules touched per commit: %s commits%s (merges left out), over the %s targets the package has now.\n\n' \
  "$commits" "${since:+ since $since}" "$target_count"
printf '  modules  commits\n'
printf '%s\n' "$distribution" | awk -F '\t' -v total="$commits" '{
  bar = ""; for (i = 0; i < int(40 * $2 / total + 0.5); i++) bar = bar "#"
  printf "  %7s  %7s  %s\n", $1, $2, bar
}'
printf '\n  median %s, mean %s, 80th percentile %s\n' "$median" "$mean" "$eightieth"
printf '\nThe commits that touched the most modules:\n'
# A long subject is cut at the last word that fits in 70 columns.
printf '%s\n' "$widest_commits" | awk -F '\t' '{
  subject = $3
  if (length(subject) > 70) {
    subject = substr(subject, 1, 69); sub(/ [^ ]*$/, "", subject); subject = subject " …"
  }
  printf "  %3s  %s  %s\n", $1, $2, subject
}'
printf '\nThe files changed by the most commits:\n'
printf '%s\n' "$busiest_files" | while IFS=$'\t' read -r count path; do
  printf '  %4s  %s\n' "$count" "$path"
done
