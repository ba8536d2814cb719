# The documents whose blocks the architecture linter generates from the package, found one way by
# the scripts that check or write them: the README (its table of layers) and every article of the
# docs' catalog with a line that opens a generated block (the module graph). Found by their markers, not by
# name, so a fork that renames the catalog finds them. The scaffolding tool finds the same
# (GeneratedDocuments.paths, which a test compares with this). Run from the repository's root.
generated_documents() {
  local document
  printf '%s\n' README.md
  for document in docs/*.docc/*.md; do
    if grep -q -E '^<!-- (module-graph|layer-table):begin' "$document"; then
      printf '%s\n' "$document"
    fi
  done
}
