#!/usr/bin/env bash
# Removes a module the right way in one command, the inverse of new-module.sh:
#
#   Scripts/remove-module.sh <Name> [--no-check]
#
# Refuses while any other target depends on the module, naming each dependent. Otherwise removes
# Sources/<Layer>/<Name>/, Tests/<Name>Tests/, its manifest entry (and its case in the Kernel or
# Interface enum), its CODEOWNERS lines, then regenerates the module graphs and runs the check suite
# (unless --no-check). Undoes every change if a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "Usage: Scripts/remove-module.sh <Name> [--no-check]" >&2
  exit 64
}
refuse() {
  echo "Error: $1" >&2
  usage
}

check=1
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-check) check=0; shift ;;
    -h | --help) usage ;;
    -*) refuse "unknown option '$1'" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -eq 1 ] || usage
name=${positional[0]}
[[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_-]*$ ]] || refuse "'$name' is not a module name"

targets=$(swift package describe --type json | swift Scripts/check-architecture.swift --no-config --list-targets)
row=$(awk -F '\t' -v n="$name" '$1 == n' <<<"$targets")
[ -n "$row" ] || refuse "there is no target named '$name'"
IFS=$'\t' read -r _ kind _ path _ _ <<<"$row"
[ "$kind" = library ] || [ "$kind" = system-target ] \
  || refuse "'$name' is a $kind target; this removes library modules (Sources/<Layer>/<Name>)"
[[ "$path" == Sources/*/"$name" ]] || refuse "'$name' lives in '$path', not in Sources/<Layer>/$name"
layer=$(cut -d/ -f2 <<<"$path")
dependents=$(awk -F '\t' -v n="$name" '$1 != n "Tests" && index("," $6 ",", "," n ",") { print $1 }' <<<"$targets" | paste -sd, - | sed 's/,/, /g')
[ -z "$dependents" ] || refuse "'$name' is still used by $dependents; remove those uses first"

backup=$(mktemp -d)
cp Package.swift CODEOWNERS README.md "$backup/"
tar -cf "$backup/module.tar" "$path" $([ -d "Tests/${name}Tests" ] && echo "Tests/${name}Tests")
undo() {
  cp "$backup/Package.swift" "$backup/CODEOWNERS" "$backup/README.md" .
  tar -xf "$backup/module.tar"
  echo "remove-module: failed; every change was undone" >&2
}
trap 'undo' ERR
trap 'rm -rf "$backup"' EXIT

# The manifest: the entry (its comment lines and its expression) in its layer's section, and the
# enum case that named it for the Kernel and Interfaces helpers.
case_name=$(sed -n -E "s/^  case ([A-Za-z0-9_]+) = \"$name\"$/\\1/p" Package.swift | head -n 1)
NAME="$name" CASE="$case_name" perl -0pi -e '
  my ($name, $case) = ($ENV{NAME}, $ENV{CASE});
  s/^  case \Q$case\E = "\Q$name\E"\n//m if $case ne "";
  s{(let \w+Targets: \[Target\] =\n)((?:.+\n)+?)(?=\n)}{
    my ($head, $body) = ($1, $2);
    my @blocks; my $current = ""; my $commented = 0;
    for my $line (split /(?<=\n)/, $body) {
      my $starts = ($line =~ m{^  //} && !$commented) || ($line =~ m{^  (\+ )?\S} && $line !~ m{^  //} && !$commented);
      if ($starts && $current ne "") { push @blocks, $current; $current = ""; }
      $current .= $line;
      $commented = ($line =~ m{^  //}) ? 1 : 0;
    }
    push @blocks, $current if $current ne "";
    # The block that declares the module: its helper call takes the name (or the case) first.
    my @kept = grep {
      !(/^  (\+ )?\[?\w+\(\s*"\Q$name\E"/m || ($case ne "" && /^  (\+ )?\w+\(\.\Q$case\E\)/m))
    } @blocks;
    if (@kept && @kept < @blocks) { $kept[0] =~ s/^((?:  \/\/.*\n)*)  \+ /$1  /; }
    $head . (@kept ? join("", @kept) : "  []\n");
  }ge;
' Package.swift
if grep -q "\"$name\"" Package.swift; then
  echo "remove-module: '$name' is still named in Package.swift after its entry was removed" >&2
  false
fi

# The owners' lines, and the folders.
grep -v -E "^/(Sources/$layer/$name|Tests/${name}Tests)/ " CODEOWNERS >CODEOWNERS.new && mv CODEOWNERS.new CODEOWNERS
rm -rf "$path" "Tests/${name}Tests"

swift format -i Package.swift
Scripts/redraw-graphs.sh
trap - ERR

echo "remove-module: removed $layer/$name (its sources, tests, manifest entry, owners and graph nodes)"
if [ "$check" -eq 1 ]; then
  Scripts/check.sh
fi
