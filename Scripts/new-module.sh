#!/usr/bin/env bash
# Adds a module the right way in one command:
#
#   Scripts/new-module.sh <Layer> <Name> ["One sentence on why it exists."] [--owner @team] [--no-check]
#
# Creates Sources/<Layer>/<Name>/ with a first file and README.md, Tests/<Name>Tests/ with a first
# test, the module's CODEOWNERS lines and its manifest entry (a case in the layer's enum, and the
# target through the layer's helper, which takes that case), regenerates
# the module graphs, then runs the check suite (unless --no-check). Layers: Kernel, Interfaces,
# Infrastructure, Features. It refuses an unknown layer, an existing name or a name that is not a
# Swift type name before changing anything, and undoes its changes if a step fails.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "Usage: Scripts/new-module.sh <Kernel|Interfaces|Infrastructure|Features> <Name> [\"purpose\"] [--owner @team] [--no-check]" >&2
  exit 64
}
refuse() {
  echo "Error: $1" >&2
  usage
}

# The default owner is the catch-all owner of CODEOWNERS (its `*` line), so a fork that renames its
# team gets new modules owned by that team.
owner=$(awk '$1 == "*" { print $2; exit }' CODEOWNERS 2>/dev/null)
owner=${owner:-@platform}
check=1
positional=()
while [ $# -gt 0 ]; do
  case "$1" in
    --owner) [ $# -ge 2 ] || refuse "--owner needs a value"; owner=$2; shift 2 ;;
    --no-check) check=0; shift ;;
    -h | --help) usage ;;
    -*) refuse "unknown option '$1'" ;;
    *) positional+=("$1"); shift ;;
  esac
done
[ ${#positional[@]} -ge 2 ] && [ ${#positional[@]} -le 3 ] || usage
layer=${positional[0]}
name=${positional[1]}
purpose=${positional[2]:-"Why $name exists, in one sentence."}

case "$layer" in
  Kernel | Interfaces | Infrastructure | Features) ;;
  App) refuse "the App layer holds the composition root, the command line and the executable; wire new modules in AppComposition" ;;
  *) refuse "unknown layer '$layer'; choose Kernel, Interfaces, Infrastructure or Features" ;;
esac
[[ "$name" =~ ^[A-Z][A-Za-z0-9]{1,63}$ ]] || refuse "'$name' is not a module name: use a Swift type name such as ItineraryFeature"
if grep -q "\"$name\"" Package.swift || [ -e "Sources/$layer/$name" ] || [ -e "Tests/${name}Tests" ] \
  || compgen -G "Sources/*/$name" >/dev/null; then
  refuse "a module named '$name' already exists"
fi

# The enum case names the module the way the existing ones do: SharedKernel is `.sharedKernel`,
# BookingData is `.bookingData`, BookingInterface is `.booking` and SearchFeature is `.search` (an
# interface's or a feature's case drops the layer's suffix). A case that would be a Swift keyword
# (`.default`, `.import`) keeps the suffix.
case_source=$name
[ "$layer" = Interfaces ] && [ "${name%Interface}" != "" ] && case_source=${name%Interface}
[ "$layer" = Features ] && [ "${name%Feature}" != "" ] && case_source=${name%Feature}
case_name="$(tr '[:upper:]' '[:lower:]' <<<"${case_source:0:1}")${case_source:1}"
case "$case_name" in
  associatedtype | break | case | catch | class | continue | default | defer | deinit | do | else | enum \
    | extension | fallthrough | false | fileprivate | for | func | guard | if | import | in | init | inout \
    | internal | is | let | nil | operator | private | protocol | public | repeat | rethrows | return \
    | self | static | struct | subscript | super | switch | throw | throws | true | try | typealias | var \
    | where | while)
    case_name="$(tr '[:upper:]' '[:lower:]' <<<"${name:0:1}")${name:1}" ;;
esac
# Each layer's modules are an enum of Package.swift, and its helper takes a case of it.
case "$layer" in
  Kernel) enum=Kernel; section=kernelTargets; entry="kernel(.$case_name)"
    rule="may depend on nothing (the kernel is the bottom of the graph)" ;;
  Interfaces) enum=Interface; section=interfaceTargets; entry="interface(.$case_name)"
    rule="may depend on the Kernel" ;;
  Infrastructure) enum=Infrastructure; section=infrastructureTargets
    entry="infrastructure(.$case_name, implements: [], uses: [.kernel(.sharedKernel)])"
    rule="may depend on the Kernel, Interfaces and other Infrastructure modules, system libraries and third-party products" ;;
  Features) enum=Feature; section=featureTargets; entry="feature(.$case_name, uses: [.kernel(.sharedKernel)])"
    rule="may depend on the Kernel and Interfaces (never another feature or an implementation)" ;;
esac

# The linter: $CHECK_ARCHITECTURE when set (a compiled check-architecture), else the script.
linter=(swift Scripts/check-architecture.swift)
[ -n "${CHECK_ARCHITECTURE:-}" ] && linter=("$CHECK_ARCHITECTURE")

backup=$(mktemp -d)
cp Package.swift CODEOWNERS README.md "$backup/"
# The manifest: a case in the layer's enum, then the target at the end of the layer's section,
# through its helper, with its purpose as the comment above it. The linter finds both places by
# the manifest's tokens and writes all of it or nothing, refusing a case or a name already taken.
if ! edited=$("${linter[@]}" manifest add-module --enum "$enum" --case "$case_name" --name "$name" \
  --to "$section" --entry "$entry" --comment "$purpose" 2>&1); then
  rm -rf "$backup"
  refuse "$(sed -e 's/^error: //' <<<"$edited")"
fi

# Undo everything if a later step fails: no partial module is ever left behind.
created=("Sources/$layer/$name" "Tests/${name}Tests")
undo() {
  cp "$backup/Package.swift" "$backup/CODEOWNERS" "$backup/README.md" .
  rm -rf "${created[@]}"
  echo "new-module: failed; every change was undone" >&2
}
# An EXIT trap rather than an ERR one: it runs however the script ends, a failure inside a
# function or an interrupt included (without `set -E`, ERR skips a failing command in a function).
finished=0
trap 'status=$?; [ "$finished" -eq 1 ] || [ "$status" -eq 0 ] || undo; rm -rf "$backup"' EXIT

mkdir -p "Sources/$layer/$name" "Tests/${name}Tests"
isolation=""
[ "$layer" = Features ] && isolation="nonisolated "
# Every layer but the kernel starts with SharedKernel as a dependency; the file imports it, so the
# new module passes the linter's unused-dependency rule from its first commit.
imports=""
[ "$layer" != Kernel ] && imports=$'import SharedKernel\n\n'
cat >"Sources/$layer/$name/$name.swift" <<SWIFT
${imports}/// $purpose
${isolation}public enum $name {
  /// The module's name, as the manifest declares it.
  public static let moduleName = "$name"
}
SWIFT
cat >"Tests/${name}Tests/${name}Tests.swift" <<SWIFT
import $name
import Testing

@Suite("$name")
struct ${name}Tests {
  @Test func theModuleIsLinkedUnderItsDeclaredName() {
    #expect($name.moduleName == "$name")
  }
}
SWIFT
cat >"Sources/$layer/$name/README.md" <<MARKDOWN
# $name

$purpose

- Layer: $layer — $rule.
- Public entry point: \`$name\`.
- Owners: $owner. Tests: \`Tests/${name}Tests\` ($owner).
- Documentation: [\`$name.docc\`]($name.docc/$name.md), this module's part of the site that \`Scripts/build-docs.sh\` builds.

Its neighbours in the module graph (generated; \`Scripts/check.sh\` fails when it is stale):

<!-- module-graph:begin (generated by Scripts/check-architecture.swift) -->
<!-- module-graph:end -->
MARKDOWN
# Its documentation catalog: the landing page of its part of the site Scripts/build-docs.sh builds.
mkdir -p "Sources/$layer/$name/$name.docc"
cat >"Sources/$layer/$name/$name.docc/$name.md" <<MARKDOWN
# \`\`$name\`\`

$purpose

## Overview

- Layer: $layer — $rule.
- Its door: \`\`$name\`\`.
- The module's \`README.md\`, beside its sources, shows its neighbours in the module graph and who owns it.

## Topics

### Essentials

- \`\`$name\`\`
MARKDOWN
# The owners' lines go at the end of the layer's section of CODEOWNERS (`# <Layer>`), aligned like
# their neighbours; a CODEOWNERS without that section gets them at its end.
lines=$(printf '%-42s %s\n%-42s %s' "/Sources/$layer/$name/" "$owner" "/Tests/${name}Tests/" "$owner")
LINES="$lines" SECTION="# $layer" awk '
  BEGIN { added = 0 }
  $0 == ENVIRON["SECTION"] { inside = 1 }
  inside && /^$/ && !added { print ENVIRON["LINES"]; added = 1; inside = 0 }
  { print }
  END { if (!added) print ENVIRON["LINES"] }
' CODEOWNERS >CODEOWNERS.new && mv CODEOWNERS.new CODEOWNERS

swift format -i --recursive Package.swift "Sources/$layer/$name" "Tests/${name}Tests"
Scripts/redraw-graphs.sh
finished=1

echo "new-module: added $layer/$name (Sources/$layer/$name, Tests/${name}Tests, README, documentation catalog, CODEOWNERS, Package.swift)"
if [ "$check" -eq 1 ]; then
  Scripts/check.sh
fi
