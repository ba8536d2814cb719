#!/usr/bin/env bash
# Removes a module the right way in one command, the inverse of new-module.sh:
#
#   Scripts/remove-module.sh <Name> [--no-check] [--no-record]
#
# Removes Sources/<Layer>/<Name>/, Tests/<Name>Tests/, its manifest entry (and its case in its
# layer's enum, with every list entry that named that case), its CODEOWNERS lines, then regenerates the module graphs and runs the check
# suite (unless --no-check). Undoes every change if a step fails.
#
# It refuses while another module depends on this one, naming each dependent: those uses are code
# only a person can rewrite. A feature is the exception, because the App layer wires each feature
# in files of its own: removing a feature also removes
#   - every App-layer file (sources and tests) that imports it or names it on its first line
#     (`// Exercises: SearchFeature, …`), and the list elements that named their types
#     (`SearchFeatureCommands.self`);
#   - its name in the App targets' lists in Package.swift, and the benchmarks that use it;
#   - the help snapshots of the commands it declared and the README walk-through's steps that ran
#     them; the other snapshots and the walk-through are then re-recorded from the built binary
#     (which builds the package with its tests; --no-record leaves them for
#     `VOYAGE_RECORD_SNAPSHOTS=1 swift test --filter 'helpText|generatedScripts|theWalkThrough'`);
#   - nothing in the prose: symbol links into it become plain code names, and the code names the
#     docs still use are declared at the top of each document (`<!-- names from elsewhere (removed
#     with …) -->`) and listed, so the passages can be rewritten.
set -euo pipefail
source "$(dirname "$0")/lib/strict-build.sh"
cd "$(dirname "$0")/.."

usage() {
  echo "Usage: Scripts/remove-module.sh <Name> [--no-check] [--no-record]" >&2
  exit 64
}
refuse() {
  echo "Error: $1" >&2
  usage
}

check=1
record_snapshots=1
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --no-check) check=0; shift ;;
    --no-record) record_snapshots=0; shift ;;
    -h | --help) usage ;;
    -*) refuse "unknown option '$1'" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -eq 1 ] || usage
name=${positional[0]}
[[ "$name" =~ ^[A-Za-z_][A-Za-z0-9_-]*$ ]] || refuse "'$name' is not a module name"

# The linter: $CHECK_ARCHITECTURE when set (a compiled check-architecture), else the script.
linter=(swift Scripts/check-architecture.swift)
[ -n "${CHECK_ARCHITECTURE:-}" ] && linter=("$CHECK_ARCHITECTURE")
targets=$(swift package describe --type json | "${linter[@]}" --no-config --list-targets)
row=$(awk -F '\t' -v n="$name" '$1 == n' <<<"$targets")
[ -n "$row" ] || refuse "there is no target named '$name'"
IFS=$'\t' read -r _ kind _ path _ _ <<<"$row"
[ "$kind" = library ] || [ "$kind" = system-target ] \
  || refuse "'$name' is a $kind target; this removes library modules (Sources/<Layer>/<Name>)"
[[ "$path" == Sources/*/"$name" ]] || refuse "'$name' lives in '$path', not in Sources/<Layer>/$name"
layer=$(cut -d/ -f2 <<<"$path")

# Who uses it: the App layer, the benchmarks and its example go with a feature; anything else is a
# refusal.
users() { # awk condition on a dependent's row
  awk -F '\t' -v n="$name" "\$1 != n \"Tests\" && index(\",\" \$6 \",\", \",\" n \",\") && ($1) { print \$1 }" <<<"$targets"
}
if [ "$layer" = Features ]; then
  dependents=$(users '$4 !~ /^Sources\/App\// && $4 !~ /^Benchmarks\// && $4 !~ /^Sources\/Examples\//')
  app_targets=$(awk -F '\t' '$4 ~ /^Sources\/App\// { print $1 }' <<<"$targets")
  benchmarks=$(users '$4 ~ /^Benchmarks\//')
  examples=$(users '$4 ~ /^Sources\/Examples\//')
else
  dependents=$(users '1')
  app_targets=""
  benchmarks=""
  examples=""
fi
# A test target of an App module depends on what its module uses; it is not a user of its own.
dependents=$(grep -v -x -F -f <(sed 's/$/Tests/' <<<"$app_targets") <<<"$dependents" || true)
dependents=$(paste -sd, - <<<"$dependents" | sed 's/,/, /g')
[ -z "$dependents" ] || refuse "'$name' is still used by $dependents; remove those uses first"

# Everything this may change, kept until the end so that a failure puts it all back.
backup=$(mktemp -d)
kept=(Package.swift CODEOWNERS README.md docs "$path")
[ -d "Tests/${name}Tests" ] && kept+=("Tests/${name}Tests")
for target in $app_targets; do
  folder=$(awk -F '\t' -v n="$target" '$1 == n { print $4 }' <<<"$targets")
  kept+=("$folder")
  [ -d "Tests/${target}Tests" ] && kept+=("Tests/${target}Tests")
done
for benchmark in $benchmarks; do kept+=("Benchmarks/$benchmark"); done
for example in $examples; do kept+=("Sources/Examples/$example"); done
while IFS= read -r readme; do kept+=("$readme"); done < <(git ls-files --cached --others --exclude-standard '*README.md' | grep -v '^ArchitectureLinter/Tests/Fixtures/')
tar -cf "$backup/kept.tar" "${kept[@]}" 2>/dev/null
undo() {
  rm -rf "${kept[@]}" CODEOWNERS.new
  tar -xf "$backup/kept.tar"
  echo "remove-module: failed; every change was undone" >&2
}
# An EXIT trap rather than an ERR one: it runs however the script ends, a failure inside a
# function or an interrupt included (without `set -E`, ERR skips a failing command in a function).
finished=0
trap 'status=$?; [ "$finished" -eq 1 ] || [ "$status" -eq 0 ] || undo; rm -rf "$backup"' EXIT

# The App layer's wiring of a feature: the files that import it or exercise it, then the list
# elements that named their types (`SearchFeatureCommands.self`). What a file imports, declares
# and lists is read by the linter's lexer (`check-architecture source --help`), never by a line's
# shape.
removed_commands=""
if [ -n "$app_targets" ]; then
  app_folders=()
  for target in $app_targets; do
    app_folders+=("$(awk -F '\t' -v n="$target" '$1 == n { print $4 }' <<<"$targets")")
    [ -d "Tests/${target}Tests" ] && app_folders+=("Tests/${target}Tests")
  done
  app_files=()
  while IFS= read -r file; do app_files+=("$file"); done < <(find "${app_folders[@]}" -name '*.swift' | sort)
  # The files that import it, as the linter's lexer reads their imports (one line per import:
  # the file and a tab when there are several files, then the place, any marks and the module
  # last); and those whose first line, a comment that no token holds, says they exercise it.
  wiring=$(
    {
      "${linter[@]}" --list-imports "${app_files[@]}" | awk -F '\t' -v n="$name" -v only="${app_files[0]}" '
        { file = NF > 1 ? $1 : only; count = split($NF, words, " "); if (words[count] == n) print file }'
      for file in "${app_files[@]}"; do
        if head -n 1 "$file" | grep -qE "^// Exercises: (.*[ ,])?$name(,|$)"; then echo "$file"; fi
      done
    } | sort -u
  )
  if [ -n "$wiring" ]; then
    wiring_files=()
    while IFS= read -r file; do wiring_files+=("$file"); done <<<"$wiring"
    types=$("${linter[@]}" source declared-types "${wiring_files[@]}" | sort -u)
    # The commands those sources declared (`CommandSpec("checkout", …)`): their snapshots go too.
    removed_commands=$(
      { grep '^Sources/' <<<"$wiring" || true; } | xargs -r "${linter[@]}" source string-arguments CommandSpec \
        | sort -u
    )
    rm -f "${wiring_files[@]}"
    if [ -n "$types" ]; then
      # The lists that named their types (`SearchFeatureCommands.self` in VoyageCommands), by
      # their tokens; a list left with one line or none is written differently: the formatter
      # says how.
      remaining=()
      for file in "${app_files[@]}"; do if [ -e "$file" ]; then remaining+=("$file"); fi; done
      type_names=()
      while IFS= read -r type; do type_names+=("$type"); done <<<"$types"
      "${linter[@]}" source remove-elements "${type_names[@]}" --in "${remaining[@]}" \
        | sed 's/^/remove-module: /'
      swift format -i "${remaining[@]}"
    fi
    echo "remove-module: removed its wiring: $(paste -sd' ' - <<<"$wiring")"
  fi
fi

# The manifest: the entry that declares it (`feature(.checkout, …)`, with the comment lines above
# it), the enum case that names it (`case checkout = "CheckoutFeature"` in `enum Feature`), and every
# list element that names that case (`.feature(.checkout)`, `.checkout` where a helper takes
# features) or its name as a string, found by the linter from the manifest's tokens and the
# types its helpers declare. It writes all of it or nothing, and refuses when a place it cannot
# remove would still name the module.
"${linter[@]}" manifest remove-module "$name" $benchmarks | sed 's/^/remove-module: /'

# The owners' lines, and the folders.
for gone in "$path" "Tests/${name}Tests" $(printf 'Benchmarks/%s ' $benchmarks) \
  $(printf 'Sources/Examples/%s ' $examples); do
  grep -v -E "^/$gone/ " CODEOWNERS >CODEOWNERS.new || true
  mv CODEOWNERS.new CODEOWNERS
done
rm -rf "$path" "Tests/${name}Tests"
for benchmark in $benchmarks; do
  rm -rf "Benchmarks/$benchmark"
  echo "remove-module: removed the benchmark $benchmark, which used $name"
done
for example in $examples; do
  rm -rf "Sources/Examples/$example"
  echo "remove-module: removed its example $example"
done

swift format -i Package.swift
Scripts/redraw-graphs.sh

# The commands that went: their snapshots, their steps in the README's walk-through, then the
# other snapshots and the walk-through re-recorded from the binary that no longer has them.
if [ -n "$removed_commands" ]; then
  executable=$(awk -F '\t' '$2 == "executable" && $4 ~ /^Sources\/App\// { print $1; exit }' <<<"$targets")
  for command in $removed_commands; do
    find Tests -path '*/Snapshots/*' \( -name "help-$command.txt" -o -name "$command-*.txt" \) -delete
  done
  EXECUTABLE="$executable" COMMANDS="$removed_commands" perl -0pi -e '
    my $commands = join "|", map { quotemeta } split /\s+/, $ENV{COMMANDS};
    s{(## A walk through.*?```text\n)(.*?)(```\n)}{
      my ($head, $body, $tail) = ($1, $2, $3);
      my @steps = split /(?=^\$ )/m, $body;
      $head . join("", grep { !/^\$ \Q$ENV{EXECUTABLE}\E (?:$commands)\b/ } @steps) . $tail;
    }se;
  ' README.md
  record=$(grep -rhoE --include='*.swift' '[A-Z][A-Z0-9_]*_RECORD_SNAPSHOTS' Tests | sort -u | head -n 1)
  snapshot_tests='helpTextMatchesItsSnapshot|generatedScriptsMatchTheirSnapshots|theWalkThrough'
  if [ "$record_snapshots" -eq 1 ]; then
    echo "remove-module: re-recording the help snapshots and the README walk-through ($record=1)"
    # The check suite's flags, so the check that follows (--no-check aside) reuses this build.
    swift build --build-tests "${strict_build_flags[@]}" >/dev/null
    env "$record=1" swift test --skip-build --filter "$snapshot_tests" >/dev/null
  else
    echo "remove-module: the other help snapshots and the walk-through are not re-recorded; to do it:"
    echo "  $record=1 swift test --filter '$snapshot_tests'"
  fi
fi

# The prose: symbol links into the module (``/SearchFeature/SearchFeature``) become plain code names,
# since the documentation build fails on a link it cannot resolve; then every code name a document
# still uses but the sources no longer define is declared in that document, so the docs check
# passes and a person knows which passages to rewrite.
find docs Sources -path '*.docc/*' -name '*.md' -print0 | NAME="$name" xargs -0 -r perl -pi -e '
  s{``/\Q$ENV{NAME}\E/([^`]+)``}{"`" . ($1 =~ tr#/#.#r) . "`"}ge'
# The App layer's wiring of a feature went with its files, and so did the symbols it declared: a
# link such as ``/AppComposition/AppGraph/checkout()``, whose last symbol no remaining source of
# that module declares, becomes a plain code name too.
for target in $app_targets; do
  folder=$(awk -F '\t' -v n="$target" '$1 == n { print $4 }' <<<"$targets")
  [ -d "$folder" ] || continue
  declared=$(find "$folder" -name '*.swift' -print0 | xargs -0 -r "${linter[@]}" source declared-names)
  find docs Sources -path '*.docc/*' -name '*.md' -print0 | TARGET="$target" DECLARED="$declared" \
    xargs -0 -r perl -pi -e '
      BEGIN { our %declared = map { $_ => 1 } "init", split /\n/, $ENV{DECLARED} }
      s{``/\Q$ENV{TARGET}\E/([^`]+)``}{
        my $symbol = $1;
        (my $base = (split m{/}, $symbol)[-1]) =~ s/[(-].*//;
        $declared{$base} ? "``/$ENV{TARGET}/$symbol``" : "`" . ($symbol =~ tr#/#.#r) . "`";
      }ge'
done
stale=$(git ls-files --cached --others --exclude-standard | NAME="$name" perl -e '
  my (%known, @documents);
  while (my $path = <STDIN>) {
    chomp $path;
    next unless -e $path;
    for my $component (split m{/}, $path) { $known{$component} = 1; (my $stem = $component) =~ s/\..*//; $known{$stem} = 1; }
    push @documents, $path
      if $path eq "README.md" || ($path =~ m{^docs/.*\.md$})
        || ($path =~ m{/README\.md$} && $path !~ m{^(ArchitectureLinter/Tests/Fixtures|Examples/Migration/Start|Examples/Migration/Steps)/});
    next if $path =~ m{^ArchitectureLinter/Tests/Fixtures/};
    # The patches of the migration example hold the code its later steps name.
    next unless $path =~ /\.(swift|sh|json|patch)$/ || $path eq "CODEOWNERS";
    open my $file, "<", $path or next;
    local $/; my $text = <$file>;
    $known{$1} = 1 while $text =~ /([A-Za-z_][A-Za-z0-9_]*)/g;
  }
  for my $document (sort @documents) {
    open my $file, "<", $document or next;
    my $text = do { local $/; <$file> };
    close $file;
    my %declared;
    while ($text =~ /<!-- names from elsewhere[^:]*: ([^>]*) -->/g) {
      $declared{$_} = 1 for map { s/^\s+|\s+$//gr } split /,/, $1;
    }
    my (@unknown, %listed);
    while ($text =~ /`([^`\n]+)`/g) {
      my $token = $1;
      next unless $token =~ /^[A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+$/
        || $token =~ /^[A-Z][A-Za-z0-9]*\.[A-Za-z_][A-Za-z0-9_]*$/
        || $token =~ /^(?:[A-Za-z_][A-Za-z0-9_]*\.)?[A-Za-z_][A-Za-z0-9_]*\([A-Za-z_:]*\)$/;
      (my $base = $token) =~ s/\(.*//;
      for my $identifier (split /\./, $base) {
        push @unknown, $identifier unless $known{$identifier} || $declared{$identifier} || $listed{$identifier}++;
      }
    }
    # The repository paths it writes that went with the module (`Sources/Features/SearchFeature`),
    # found the way DocumentationTests finds them.
    my (@gone, %seen);
    while ($text =~ /<!-- paths from elsewhere[^:]*: ([^>]*) -->/g) {
      $seen{$_} = 1 for map { s/^\s+|\s+$//gr } split /,/, $1;
    }
    # A document of a package inside the repository (the linter package) names paths of that package.
    my $package = "";
    my @folders = split m{/}, $document;
    pop @folders;
    while (@folders) {
      my $folder = join("/", @folders) . "/";
      if (-e "${folder}Package.swift") { $package = $folder; last }
      pop @folders;
    }
    while ($text =~ m%(?<![A-Za-z0-9_./+~-])((?:Sources|Tests|Scripts|Benchmarks|docs|\.ci)/[A-Za-z0-9_.+/-]*+)(?![<*{]|\xe2\x80\xa6)%g) {
      (my $path = $1) =~ s/[.+-]+$//;
      (my $on_disk = $path) =~ s{/$}{};
      push @gone, $path unless -e $on_disk || -e "$package$on_disk" || $seen{$path}++;
    }
    next unless @unknown || @gone;
    my $comment = "";
    $comment .= "<!-- names from elsewhere (removed with $ENV{NAME}; rewrite these passages): " . join(", ", @unknown) . " -->\n\n" if @unknown;
    $comment .= "<!-- paths from elsewhere (removed with $ENV{NAME}; rewrite these passages): " . join(", ", @gone) . " -->\n\n" if @gone;
    $text =~ s/\A((?:.*\n)\n?)/$1$comment/;
    open $file, ">", $document or die "$document: $!";
    print $file $text;
    close $file;
    print "$document\n";
  }
')
finished=1

echo "remove-module: removed $layer/$name (its sources, tests, manifest entry, owners and graph nodes)"
if [ -n "$stale" ]; then
  echo "remove-module: these documents still describe what was removed (the names are declared at their top):"
  sed 's/^/  /' <<<"$stale"
fi
if [ "$check" -eq 1 ]; then
  Scripts/check.sh
fi
