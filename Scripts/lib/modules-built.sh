# What a build compiled, read from the files it wrote rather than from its log, whose wording is
# SwiftPM's to change: the modules whose compile or emit-module jobs wrote their diagnostics file
# (<build>/<Module>.build/*.dia, written by every such job even when its object file and module
# come out unchanged and are left untouched) after a marker made just before the build.
# SwiftPM's test-runner modules (<Package>PackageTests, <Package>PackageDiscoveredTests) are no
# modules of the package; a command plugin is built in .build/plugins and never counted.
#
#   marker=$(build_marker)
#   swift build …
#   modules_built_since "$marker" [BUILD_FOLDER]   # .build/debug unless given
build_marker() {
  mktemp
}
modules_built_since() {
  local marker=$1 folder=${2:-.build/debug}
  find "$folder/" -mindepth 2 -maxdepth 2 -name '*.dia' -newer "$marker" \
    | sed -n -E 's#^.*/([^/]+)\.build/[^/]+$#\1#p' \
    | grep -Ev 'Package(Discovered)?Tests$' | sort -u || true
}
