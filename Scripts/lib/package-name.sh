# The package's name, read one way by every script that needs it: the manifest's first
# `  name: "…",` line (the package's, two spaces in, before any target's).
package_name() {
  sed -n -E 's/^  name: "([A-Za-z0-9]+)",$/\1/p' "${1:-Package.swift}" | head -n 1
}
