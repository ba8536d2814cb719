# The one way Voyage's scripts print their usage: read from the script's header comment (every
# comment line after the shebang, up to the first line that is not a comment), so no script
# counts its own lines and the header is the only place its usage is written. Sourced before the
# script changes directory, so it remembers where the script is.
script_file=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

# The header without its comment marks: what `--help` prints, on stdout.
script_help() {
  awk 'NR == 1 { next } !/^#/ { exit } { sub(/^# ?/, ""); print }' "$script_file"
}

# The header's invocation lines (those whose first word is the script's own path), as
# "Usage: …" on stderr; then exit 64, the status of a usage error.
script_usage() {
  awk -v name="$(basename "$script_file")" '
    NR == 1 { next }
    !/^#/ { exit }
    { sub(/^# ?/, "") }
    $1 ~ ("(^|/)" name "$") { sub(/^ +/, ""); print (shown++ ? "       " : "Usage: ") $0 }
  ' "$script_file" >&2
  exit 64
}
