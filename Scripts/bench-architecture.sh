#!/usr/bin/env bash
# Benchmark of the architecture linter (run on purpose, never by the check suite).
# Generates synthetic layered packages of 10, 100 and 1,000 targets with 20 files each, realistic
# imports and a few deliberate violations, describes each once with SwiftPM, then times the
# compiled linter alone (best of three) and prints targets, files, violations and seconds.
#
#   Scripts/bench-architecture.sh [SIZE ...]      (default sizes: 10 100 1000)
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 100 1000)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "compiling the linter with -O…"
swiftc -O Scripts/check-architecture.swift -o "$work/check-architecture"

layer_of() { # target index, target count -> layer
  local percent=$(($1 * 100 / $2))
  if [ $percent -lt 10 ]; then echo Kernel
  elif [ $percent -lt 30 ]; then echo Interfaces
  elif [ $percent -lt 60 ]; then echo Infrastructure
  elif [ $percent -lt 90 ]; then echo Features
  else echo App; fi
}

generate() { # count, folder
  local count=$1 root=$2 i f layer deps dep candidates
  mkdir -p "$root"
  {
    echo '// swift-tools-version: 6.2'
    echo 'import PackageDescription'
    echo 'let package = Package(name: "Synthetic", targets: ['
  } >"$root/Package.swift"
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
    local list=""
    for dep in "${deps[@]-}"; do [ -n "$dep" ] && list+="\"$dep\", "; done
    echo "  .target(name: \"T$i\", dependencies: [${list%, }], path: \"Sources/$layer/T$i\")," >>"$root/Package.swift"
    mkdir -p "$root/Sources/$layer/T$i"
    for ((f = 0; f < 20; f++)); do
      {
        echo "import Foundation"
        for dep in "${deps[@]-}"; do [ -n "$dep" ] && echo "import $dep"; done
        # Every 97th file imports a module its target does not declare.
        [ $(((i * 20 + f) % 97)) -eq 0 ] && [ "$i" -gt 1 ] && echo "import T$((i - 1))"
        echo "// import NotReal: comments are skipped"
        echo "/// Type $f of target $i."
        echo "public struct T${i}F$f {"
        echo "  public let text = \"import AlsoNotReal\""
        echo "  public init() {}"
        echo "  public func describe() -> String { \"\\(text) in T$i\" }"
        echo "}"
      } >"$root/Sources/$layer/T$i/F$f.swift"
    done
  done
  echo ']' >>"$root/Package.swift"
  echo ')' >>"$root/Package.swift"
}

printf '\n%8s %8s %11s %10s %12s\n' targets files violations seconds "µs per file"
for size in "${sizes[@]}"; do
  root="$work/package-$size"
  generate "$size" "$root"
  swift package --package-path "$root" describe --type json >"$root/description.json"
  best=0
  for _ in 1 2 3; do
    start=$(date +%s%N)
    "$work/check-architecture" "$root/description.json" --format json >"$root/result.json" || true
    elapsed=$(($(date +%s%N) - start))
    if [ "$best" -eq 0 ] || [ "$elapsed" -lt "$best" ]; then best=$elapsed; fi
  done
  violations=$(grep -c '"rule"' "$root/result.json" || true)
  files=$((size * 20))
  printf '%8d %8d %11d %6d.%03d %12d\n' "$size" "$files" "$violations" \
    $((best / 1000000000)) $((best / 1000000 % 1000)) $((best / 1000 / files))
done
echo
echo "goal: linear growth, and the 1,000-target package (20,000 files) under 2 seconds"
