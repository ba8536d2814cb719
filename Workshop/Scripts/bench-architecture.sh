#!/usr/bin/env bash
# Benchmark of the architecture linter (run on purpose, never by the check suite).
# Generates synthetic layered packages of 10, 100 and 1,000 targets with 20 files of about 3 KB each
# (imports, comments, attributes, strings, a regex, an #if) and a few deliberate violations,
# describes each with SwiftPM, then runs five rounds, each of them one run of every contender in
# turn, so a machine that slows down or speeds up during the run weighs on all of them alike:
#   - the compiled linter alone, on the saved description;
#   - `swift package describe` of the same package (the manifest cached), which the script needs;
#   - the whole `swift package check-architecture` (the plugin, which loads the package graph
#     itself; each generated package depends on the linter's package for it), after a first run
#     that compiled the linter, so what is timed is what a person waits for;
#   - a command plugin of the generated package that does nothing: what SwiftPM costs before any
#     plugin's own code runs (loading the graph, handing it to the plugin);
#   - tach (a Python architecture linter, installed from PyPI into a virtual environment in the
#     work folder), `tach check --dependencies` on a Python project with the same modules,
#     declared dependencies, files per module and imports per file: it finds the same undeclared
#     imports the linter does.
# Each figure is the median of the five rounds, with their range; the ratios are the median and
# range of each round's own ratio.
#
#   Workshop/Scripts/bench-architecture.sh [SIZE ...]      (default sizes: 10 100 1000)
#   NO_TACH=1 NO_PLUGIN=1 Workshop/Scripts/bench-architecture.sh   # the linter and describe alone
set -euo pipefail
cd "$(dirname "$0")/../.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1000)
work=$(mktemp -d)
[ -n "${KEEP_BENCH_PACKAGES:-}" ] && echo "packages kept in $work" || trap 'rm -rf "$work"' EXIT

echo "compiling the linter with -O…"
swiftc -O Scripts/check-architecture.swift -o "$work/check-architecture"
linter_package=$(pwd)/Workshop/ArchitectureLinter
[ -f "$linter_package/Package.swift" ] || { echo "bench-architecture: no linter package at $linter_package" >&2; exit 1; }
tach=""
if [ -z "${NO_TACH:-}" ]; then
  echo "installing tach from PyPI into $work/tach…"
  if python3 -m venv "$work/tach" >/dev/null && "$work/tach/bin/pip" install -q tach >/dev/null 2>&1; then
    tach=$work/tach/bin/tach
    echo "$("$tach" --version)"
  else
    echo "tach could not be installed: its column is left empty"
  fi
fi

layer_of() { # target index, target count -> layer
  local percent=$(($1 * 100 / $2))
  if [ $percent -lt 10 ]; then echo Kernel
  elif [ $percent -lt 30 ]; then echo Interfaces
  elif [ $percent -lt 60 ]; then echo Infrastructure
  elif [ $percent -lt 90 ]; then echo Features
  else echo App; fi
}

# The body of every generated file: what real Swift files hold besides their imports (doc and
# block comments, attributes, string literals with interpolations, a multi-line string, a raw
# string, a regex literal, an #if), about 3 KB. @ID@ becomes the file's own name.
read -r -d '' body <<'SWIFT' || true
// MARK: - @ID@
//
// A generated file of the linter benchmark. The words import NotReal in this comment are skipped,
// and so is the block comment below.
/* import AlsoNotReal /* nested */ still a comment */

/// A value type with a few members, as a module of a real package would hold.
@frozen
public struct @ID@: Hashable, Sendable, CustomStringConvertible {
  /// The identifier, kept as text.
  public let identifier: String
  /// How many times it was seen.
  public var count: Int
  /// A threshold used by `isFrequent`.
  @usableFromInline static let threshold = 12

  /// Creates a value from its parts.
  @inlinable
  public init(identifier: String, count: Int = 0) {
    self.identifier = identifier
    self.count = count
  }

  /// Whether it was seen often.
  public var isFrequent: Bool { count > Self.threshold }

  public var description: String {
    "@ID@(\(identifier), seen \(count) time\(count == 1 ? "" : "s"))"
  }

  /// A report with a multi-line string literal.
  public func report(prefix: String) -> String {
    """
    \(prefix): @ID@
      identifier: \(identifier)
      import InAString (not an import)
    """
  }

  /// A raw string with quotes inside.
  public static let pattern = #"^[A-Z][a-z]+ "quoted" \d+$"#

  /// Matches with a regex literal.
  public func matches(_ text: String) -> Bool {
    text.contains(/[A-Z][a-z]+/)
  }

  /// Counts up, saturating.
  public mutating func increment(by step: Int = 1) {
    let (sum, overflow) = count.addingReportingOverflow(step)
    count = overflow ? .max : sum
  }
}

extension @ID@: Comparable {
  public static func < (lhs: @ID@, rhs: @ID@) -> Bool {
    (lhs.count, lhs.identifier) < (rhs.count, rhs.identifier)
  }
}

#if os(Linux)
  /// Only on Linux.
  extension @ID@ {
    public var platformName: String { "Linux" }
  }
#else
  extension @ID@ {
    public var platformName: String { "another platform" }
  }
#endif

/// A namespace of helpers.
public enum @ID@Helpers {
  /// Sums the counts of `values`.
  public static func total(_ values: [@ID@]) -> Int {
    values.reduce(0) { $0 + $1.count }
  }

  /// The most frequent value, if any.
  public static func mostFrequent(_ values: [@ID@]) -> @ID@? {
    values.max()
  }
}
SWIFT

# The same file for tach: about 3 KB of Python (docstrings, comments, a class, strings).
read -r -d '' python_body <<'PYTHON' || true
# A generated file of the linter benchmark, the Python twin of a Swift file of @ID@.
# The words import NotReal in this comment are skipped.
"""A value type with a few members, as a module of a real project would hold.

import AlsoNotReal -- inside a docstring, not an import.
"""

from dataclasses import dataclass, field


@dataclass(frozen=True, order=True)
class @ID@:
    """The identifier, kept as text, and how many times it was seen."""

    identifier: str
    count: int = 0
    tags: tuple = field(default_factory=tuple)

    THRESHOLD = 12

    @property
    def is_frequent(self) -> bool:
        """Whether it was seen often."""
        return self.count > self.THRESHOLD

    def describe(self) -> str:
        """A sentence about it."""
        return f"@ID@({self.identifier}, seen {self.count} time{'' if self.count == 1 else 's'})"

    def words(self) -> list:
        """Its identifier split into words."""
        return [word for word in self.identifier.replace("-", " ").split() if word]


def total(values) -> int:
    """Sums the counts of values."""
    return sum(value.count for value in values)


def most_frequent(values):
    """The most frequent value, if any."""
    return max(values, default=None, key=lambda value: value.count)


MESSAGE = """
A multi-line string that mentions import NotReal,
and lines that look like code: from nowhere import nothing
"""
PYTHON

generate() { # count, folder
  local count=$1 root=$2 i f layer deps dep candidates
  local python=$root-python
  mkdir -p "$root" "$python/src"
  {
    echo '// swift-tools-version: 6.2'
    echo 'import PackageDescription'
    if [ -z "${NO_PLUGIN:-}" ]; then
      echo "let package = Package(name: \"Synthetic\", dependencies: [.package(path: \"$linter_package\")], targets: ["
      echo '  .plugin(name: "EmptyPlugin", capability: .command(intent: .custom(verb: "empty-plugin", description: "Nothing"))),'
      mkdir -p "$root/Plugins/EmptyPlugin"
      printf '%s\n' 'import PackagePlugin' '' '@main struct EmptyPlugin: CommandPlugin {' \
        '  func performCommand(context: PluginContext, arguments: [String]) async throws {}' '}' \
        >"$root/Plugins/EmptyPlugin/plugin.swift"
    else
      echo 'let package = Package(name: "Synthetic", targets: ['
    fi
  } >"$root/Package.swift"
  # Every module's declared dependencies, no layers: tach lets a module of a higher layer import
  # a lower one it did not declare, so with layers it would check less than the linter does.
  echo 'source_roots = ["src"]' >"$python/tach.toml"
  for ((i = 0; i < count; i++)); do
    layer=$(layer_of "$i" "$count")
    # Up to three dependencies among earlier targets of layers this one may use.
    deps=()
    for candidates in $((i / 2)) $((i / 3)) $((i / 5)); do
      [ "$candidates" -lt "$i" ] || continue
      dep_layer=$(layer_of "$candidates" "$count")
      case "$layer:$dep_layer" in
        Kernel:*) continue ;;
        Interfaces:Kernel | Infrastructure:Kernel | Infrastructure:Interfaces | Infrastructure:Infrastructure) ;;
        Features:Kernel | Features:Interfaces | App:*) ;;
        *) continue ;;
      esac
      [[ " ${deps[*]-} " == *" T$candidates "* ]] || deps+=("T$candidates")
    done
    # A few deliberate violations: every 50th feature depends on the previous target.
    if [ "$layer" = Features ] && [ $((i % 50)) -eq 0 ] && [ "$i" -gt 0 ]; then deps+=("T$((i - 1))"); fi
    local list="" imports="import Foundation"$'\n' python_imports="import os"$'\n'
    for dep in "${deps[@]-}"; do
      [ -n "$dep" ] && list+="\"$dep\", " && imports+="import $dep"$'\n' && python_imports+="import $dep"$'\n'
    done
    echo "  .target(name: \"T$i\", dependencies: [${list%, }], path: \"Sources/$layer/T$i\")," >>"$root/Package.swift"
    printf '\n[[modules]]\npath = "T%s"\ndepends_on = [%s]\n' "$i" "${list%, }" >>"$python/tach.toml"
    mkdir -p "$root/Sources/$layer/T$i" "$python/src/T$i"
    : >"$python/src/T$i/__init__.py"
    for ((f = 0; f < 20; f++)); do
      local extra=""
      # Every 97th file imports a module its target does not declare.
      [ $(((i * 20 + f) % 97)) -eq 0 ] && [ "$i" -gt 1 ] && extra="import T$((i - 1))"$'\n'
      printf '%s%s\n%s\n' "$imports" "$extra" "${body//@ID@/T${i}F$f}" >"$root/Sources/$layer/T$i/F$f.swift"
      printf '%s%s\n%s\n' "$python_imports" "$extra" "${python_body//@ID@/T${i}F$f}" >"$python/src/T$i/F$f.py"
    done
  done
  echo ']' >>"$root/Package.swift"
  echo ')' >>"$root/Package.swift"
  # The layers of the generated package, for the linter.
  cat >"$root/architecture.json" <<'JSON'
{
  "layers": [
    { "name": "Kernel", "paths": ["Sources/Kernel/*"], "mayUse": [] },
    { "name": "Interfaces", "paths": ["Sources/Interfaces/*"], "mayUse": ["Kernel"] },
    { "name": "Infrastructure", "paths": ["Sources/Infrastructure/*"], "mayUse": ["Kernel", "Interfaces", "Infrastructure"] },
    { "name": "Features", "paths": ["Sources/Features/*"], "mayUse": ["Kernel", "Interfaces"] },
    { "name": "App", "paths": ["Sources/App/*"], "mayUse": ["Kernel", "Interfaces", "Infrastructure", "Features", "App"] }
  ],
  "rules": {
    "layer-dependency": {}, "outside-layer": {}, "undeclared-import": {}, "testable-import": {},
    "view-model-final": {}, "feature-network": { "layers": ["Features"], "names": ["URLSession"] },
    "public-implementation": { "layers": ["Infrastructure"], "suffixes": ["Repository", "Client"] }
  }
}
JSON
}

milliseconds() { echo $((($(date +%s%N) - $1) / 1000000)); }

# The milliseconds one run of a command takes (its output discarded; findings are not failures).
timed() {
  local start
  start=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  milliseconds "$start"
}

# "median (min–max)" of the numbers on standard input; with a format for each (%d by default).
spread() {
  sort -g | awk -v f="${1:-%d}" '{ v[NR] = $1 } END {
    printf f " (" f "–" f ")", v[int((NR + 1) / 2)], v[1], v[NR] }'
}

# "median (min–max)" of the per-round ratios of two lists of the same length.
ratios() { # numerators, denominators (space-separated)
  paste -d ' ' <(tr ' ' '\n' <<<"$1") <(tr ' ' '\n' <<<"$2") |
    awk '$2 > 0 { printf "%.3f\n", $1 / $2 }' | spread "%.2f"
}

results=()
for size in "${sizes[@]}"; do
  root="$work/package-$size"
  generate "$size" "$root"
  swift package --package-path "$root" describe --type json >"$root/description.json"
  "$work/check-architecture" "$root/description.json" --format json >"$root/result.json" || true
  if [ -z "${NO_PLUGIN:-}" ]; then
    # First runs: the plugin compiles the linter, SwiftPM builds both plugins. A contender that
    # fails fast would look fast, so each must do its work: the plugin report the linter's
    # findings, the empty plugin end with status 0.
    swift package --package-path "$root" check-architecture --format json >"$root/plugin.json" \
      2>"$root/plugin.err" || true
    python3 - "$root/result.json" "$root/plugin.json" "$root/plugin.err" <<'PYTHON'
import json, sys
expected = json.load(open(sys.argv[1]))["violations"]
try:
    found = json.load(open(sys.argv[2]))["violations"]
except (ValueError, KeyError):
    sys.exit("bench-architecture: the plugin printed no report:\n" + open(sys.argv[3]).read()[-2000:])
if len(found) != len(expected):
    sys.exit(f"bench-architecture: the plugin found {len(found)} violations, the linter {len(expected)}")
PYTHON
    swift package --package-path "$root" empty-plugin >/dev/null 2>"$root/empty.err" || {
      echo "bench-architecture: the empty plugin failed:" >&2
      tail -c 2000 "$root/empty.err" >&2
      exit 1
    }
  fi
  linter=() describe=() plugin=() empty=() tach_runs=()
  for round in 1 2 3 4 5; do
    linter+=("$(timed "$work/check-architecture" "$root/description.json" --format json)")
    [ -n "$tach" ] && tach_runs+=("$(cd "$root-python" && timed "$tach" check --dependencies)")
    describe+=("$(timed swift package --package-path "$root" describe --type json)")
    if [ -z "${NO_PLUGIN:-}" ]; then
      plugin+=("$(timed swift package --package-path "$root" check-architecture --format json)")
      empty+=("$(timed swift package --package-path "$root" empty-plugin)")
    fi
    echo "  $size targets, round $round: linter ${linter[-1]} ms${tach:+, tach ${tach_runs[-1]} ms}${plugin:+, plugin ${plugin[-1]} ms, empty plugin ${empty[-1]} ms}" >&2
  done
  violations=$(grep -c '"rule"' "$root/result.json" || true)
  files=$((size * 20))
  bytes=$(find "$root/Sources" -name '*.swift' -print0 | du -cb --files0-from=- | tail -n 1 | cut -f 1)
  line="| $size | $files | $(awk -v b="$bytes" 'BEGIN { printf "%.1f", b / 1e6 }') | $violations"
  line+=" | $(printf '%s\n' "${linter[@]}" | spread)"
  line+=" | $(printf '%s\n' "${describe[@]}" | spread)"
  if [ -z "${NO_PLUGIN:-}" ]; then
    line+=" | $(printf '%s\n' "${plugin[@]}" | spread) | $(printf '%s\n' "${empty[@]}" | spread)"
    line+=" | $(ratios "${plugin[*]}" "${empty[*]}")"
  else
    line+=" | - | - | -"
  fi
  if [ -n "$tach" ]; then
    found=$(cd "$root-python" && "$tach" check --dependencies 2>&1 | grep -c '^\[FAIL\]' || true)
    line+=" | $(printf '%s\n' "${tach_runs[@]}" | spread) | $found | $(ratios "${linter[*]}" "${tach_runs[*]}")"
  else
    line+=" | - | - | -"
  fi
  results+=("$line |")
done

echo
echo "Workshop/Scripts/bench-architecture.sh ${sizes[*]}, $(date +%F), $(nproc) cores, $(swift --version 2>/dev/null | head -n 1)${tach:+, $("$tach" --version)}"
echo "milliseconds: median (min–max) of 5 rounds; ratios: median (min–max) of each round's own ratio"
echo
echo "| targets | files | MB | violations | linter | describe | plugin | empty plugin | plugin ÷ empty | tach | tach found | linter ÷ tach |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${results[@]}"
echo
echo "linter: the compiled linter (with -O) on the saved description, rules and scanning included;"
echo "describe: 'swift package describe' of the same package (the manifest cached), which every run of"
echo "the script needs first; plugin: 'swift package check-architecture' (graph loading included);"
echo "empty plugin: a command plugin that does nothing, on the same package; tach: 'tach check"
echo "--dependencies' on the Python twin, and its findings (the linter's violations also count layer"
echo "breaks, which the twin does not declare)."
echo "goals: linear growth; on the 1,000-target package the linter at most 0.30 of tach's time, and"
echo "the plugin at most 1.15 times the empty plugin (medians)."
