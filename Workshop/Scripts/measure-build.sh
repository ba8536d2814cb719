#!/usr/bin/env bash
# Measures, in seconds, what building a SwiftPM package costs: a clean build, then the incremental
# build after each kind of one-line change, each repeated (median and range), one build at a time.
# Per module it records when its compile started and ended, from a wrapper around the compiler
# driver (SwiftPM runs the driver once per module, through SWIFT_EXEC), and draws each build as a
# timeline (Workshop/Scripts/build-timeline.py): one row per concurrent job, the critical path through the
# module graph in red, the idle time in grey. Run on purpose, never by the check suite.
#
#   Workshop/Scripts/measure-build.sh [--package-path DIR] [--repeat N] [--jobs N] [--out DIR]
#                            [--change LABEL:KIND:FILE ...] [--clean-only] [--build-option ARG ...]
#
# KIND is `body` (a function body changes: the probe function it adds once, untimed, then returns
# another number each time) or `public` (a new public function each time). FILE is relative to the
# package. Without --change, the changes come from the package's architecture (architecture.json,
# read through the linter's --list-targets): a body inside a feature, a new public declaration in
# an interface, and one in the kernel (in each layer, the module the most targets depend on). The package's files are restored when it ends, whatever
# happens; its own .build is left alone (the builds use DIR/scratch). --clean-only measures the
# clean build alone; --build-option passes ARG to every `swift build` (`--product search-example`).
# Besides the table it prints, DIR/summary.jsonl holds each kind of build as one JSON object.
source "$(dirname "$0")/../../Scripts/lib/script-help.sh"
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

package=$PWD
repeat=3
jobs=$(nproc)
out=""
changes=()
usage() { script_help; }
clean_only=0
build_options=()
while [ $# -gt 0 ]; do
  case "$1" in
    --clean-only) clean_only=1; shift; continue ;;
    --package-path | --repeat | --jobs | --out | --change | --build-option)
      [ $# -ge 2 ] || { echo "Error: $1 needs a value (see --help)" >&2; exit 64; }
      case "$1" in
        --package-path) package=$(cd "$2" && pwd) ;;
        --repeat) repeat=$2 ;;
        --jobs) jobs=$2 ;;
        --out) out=$2 ;;
        --change) changes+=("$2") ;;
        --build-option) build_options+=("$2") ;;
      esac
      shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "Error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "Error: --repeat takes a positive number, not '$repeat'" >&2; exit 64; }
[[ "$jobs" =~ ^[1-9][0-9]*$ ]] || { echo "Error: --jobs takes a positive number, not '$jobs'" >&2; exit 64; }
[ -f "$package/Package.swift" ] || { echo "Error: $package holds no Package.swift" >&2; exit 64; }
out=${out:-$package/.build/measure-build}
mkdir -p "$out"
out=$(cd "$out" && pwd)
scratch=$out/scratch

swift package --package-path "$package" --scratch-path "$scratch" describe --type json >"$out/description.json"

# The changes the architecture suggests: the first file of the first target of each layer.
if [ ${#changes[@]} -eq 0 ] && [ "$clean_only" -eq 0 ]; then
  [ -f "$package/architecture.json" ] || {
    echo "Error: $package has no architecture.json to choose the changes from; give --change LABEL:KIND:FILE" >&2
    exit 64
  }
  targets=$(swift "$here/../../Scripts/check-architecture.swift" "$out/description.json" --list-targets)
  pick() { # layer -> a Swift file of its library target that the most targets depend on
    local path
    path=$(awk -F '\t' -v layer="$1" '
      { n = split($6, deps, ","); for (i = 1; i <= n; i++) used[deps[i]]++ }
      $2 == "library" && $3 == layer { candidates[$1] = $4 }
      END {
        for (name in candidates) if (best == "" || used[name] > used[best] || (used[name] == used[best] && name < best)) best = name
        if (best != "") print candidates[best]
      }' <<<"$targets")
    [ -n "$path" ] && (cd "$package" && find "$path" -name '*.swift' | sort | head -n 1)
  }
  feature=$(pick Features) interface=$(pick Interfaces) kernel=$(pick Kernel)
  [ -n "$feature" ] && changes+=("feature body:body:$feature")
  [ -n "$interface" ] && changes+=("interface public declaration:public:$interface")
  [ -n "$kernel" ] && changes+=("kernel public declaration:public:$kernel")
  [ ${#changes[@]} -gt 0 ] || { echo "Error: no Features, Interfaces or Kernel layer to change; give --change" >&2; exit 64; }
fi
for change in "${changes[@]+"${changes[@]}"}"; do
  IFS=: read -r label kind file <<<"$change"
  [[ "$kind" == body || "$kind" == public ]] || { echo "Error: '$change': KIND is body or public" >&2; exit 64; }
  [ -f "$package/$file" ] || { echo "Error: '$change': no file $file in $package" >&2; exit 64; }
done

# Every file a change touches is restored at the end, whatever happens.
backup=$(mktemp -d)
restore() {
  for change in "${changes[@]+"${changes[@]}"}"; do
    IFS=: read -r _ _ file <<<"$change"
    [ -f "$backup/$(echo "$file" | tr / _)" ] && cp "$backup/$(echo "$file" | tr / _)" "$package/$file"
  done
  rm -rf "$backup"
}
trap restore EXIT
for change in "${changes[@]+"${changes[@]}"}"; do
  IFS=: read -r _ _ file <<<"$change"
  cp "$package/$file" "$backup/$(echo "$file" | tr / _)"
done

# The wrapper: a line when the driver starts (with its arguments) and when it ends.
swiftc=$(command -v swiftc)
wrapper=$out/swiftc-timed
cat >"$wrapper" <<WRAPPER
#!/usr/bin/env bash
echo "\$(date +%s%N) start \$\$ \$*" >>"\$MEASURE_BUILD_LOG"
"$swiftc" "\$@"
status=\$?
echo "\$(date +%s%N) end \$\$ \$status" >>"\$MEASURE_BUILD_LOG"
exit \$status
WRAPPER
chmod +x "$wrapper"

# One build: its wall seconds, and its timeline (NAME.svg, NAME.json) in the output folder.
build() { # name, title
  local log=$out/$1.log started ended
  : >"$log"
  started=$(date +%s%N)
  if ! SWIFT_EXEC=$wrapper MEASURE_BUILD_LOG=$log swift build --package-path "$package" \
    --scratch-path "$scratch" --jobs "$jobs" "${build_options[@]+"${build_options[@]}"}" \
    >"$out/$1.build.txt" 2>&1; then
    echo "Error: the build failed ($out/$1.build.txt):" >&2
    tail -n 20 "$out/$1.build.txt" >&2
    exit 1
  fi
  ended=$(date +%s%N)
  python3 "$here/build-timeline.py" "$log" "$out/description.json" --svg "$out/$1.svg" \
    --json "$out/$1.json" --title "$2" >/dev/null
  awk -v n=$((ended - started)) 'BEGIN { printf "%.2f", n / 1e9 }'
}

# "median (min–max)" of the numbers on standard input.
spread() { sort -g | awk '{ v[NR] = $1 } END { printf "%.2f (%.2f–%.2f)", v[int((NR + 1) / 2)], v[1], v[NR] }'; }
# The JSON field of a timeline.
field() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"; }
# The build whose wall time is the median of a kind's repetitions.
median_run() { # name prefix, seconds...
  local prefix=$1
  shift
  local index=0 sorted
  sorted=$(for seconds in "$@"; do echo "$seconds $((index++))"; done | sort -g | awk '{ v[NR] = $2 } END { print v[int((NR + 1) / 2)] }')
  echo "$prefix-$((sorted + 1))"
}

name=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["name"])' "$out/description.json")
modules=$(python3 -c 'import json, sys; print(sum(1 for t in json.load(open(sys.argv[1]))["targets"] if t["type"] != "plugin"))' "$out/description.json")
echo "measure-build: $name, $repeat builds of each kind, --jobs $jobs, one build at a time" >&2

rows=()
: >"$out/summary.jsonl"
report() { # label, file (or ""), name prefix, seconds...
  local label=$1 file=$2 prefix=$3
  shift 3
  local median
  median=$(median_run "$prefix" "$@")
  local count
  count=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["modules"]))' "$out/$median.json")
  rows+=("| $label${file:+ ($file)} | $(printf '%s\n' "$@" | spread) | $count | $(field "$out/$median.json" span_seconds) | $(field "$out/$median.json" critical_path_seconds) | $median.svg |")
  # The same, one JSON object a line, for scripts (measure-size-curve.sh).
  python3 -c 'import json, sys
print(json.dumps({"label": sys.argv[1], "seconds": [float(s) for s in sys.argv[4:]],
  "timeline": sys.argv[2], "jobs": int(sys.argv[3])}))' "$label" "$out/$median.json" "$jobs" "$@" \
    >>"$out/summary.jsonl"
}

clean=()
for ((run = 1; run <= repeat; run++)); do
  rm -rf "$scratch"
  clean+=("$(build "clean-$run" "$name: clean build ($run of $repeat, --jobs $jobs)")")
  echo "  clean build $run: ${clean[-1]} s" >&2
done
report "clean build" "" clean "${clean[@]}"

number=0
for change in "${changes[@]+"${changes[@]}"}"; do
  IFS=: read -r label kind file <<<"$change"
  number=$((number + 1))
  slug="change-$number"
  if [ "$kind" = body ]; then
    printf '\nfunc measureBuildProbe() -> Int { 0 }\n' >>"$package/$file"
    build "$slug-setup" "setup" >/dev/null
  fi
  seconds=()
  for ((run = 1; run <= repeat; run++)); do
    if [ "$kind" = body ]; then
      sed -i "s/^func measureBuildProbe() -> Int { [0-9]* }\$/func measureBuildProbe() -> Int { $run }/" "$package/$file"
    else
      printf '\npublic func measureBuildProbe%s%s() {}\n' "$number" "$run" >>"$package/$file"
    fi
    seconds+=("$(build "$slug-$run" "$name: $label in $file ($run of $repeat)")")
    echo "  $label, build $run: ${seconds[-1]} s" >&2
  done
  cp "$backup/$(echo "$file" | tr / _)" "$package/$file"
  # Back to the package as it was, so the next change starts from the same build (after the last
  # change, nothing follows).
  [ "$number" -lt "${#changes[@]}" ] && build "$slug-restore" "restore" >/dev/null
  report "$label" "$file" "$slug" "${seconds[@]}"
done

echo
echo "Workshop/Scripts/measure-build.sh on $name ($modules targets)${build_options[*]+, swift build ${build_options[*]}}, $(date +%F), $(nproc) cores, --jobs $jobs, $(swift --version 2>/dev/null | head -n 1)"
echo
echo "| build | seconds: median (min–max) of $repeat | modules compiled | compiling spans (s) | critical path (s) | timeline |"
echo "|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "seconds: the whole 'swift build', from start to exit; modules compiled, compiling spans (from the"
echo "first module's start to the last one's end) and the critical path (the longest chain of dependent"
echo "modules, by their measured compile times) are those of the median build, whose timeline is in"
echo "$out."
