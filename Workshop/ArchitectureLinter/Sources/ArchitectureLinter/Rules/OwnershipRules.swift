import Foundation

/// `missing-owner`: every target's folder has a line in CODEOWNERS, the one the hosting service
/// reads, and no CODEOWNERS it ignores stands in for it.
extension Linter {
  /// The folders CODEOWNERS names explicitly (from the package's root, without slashes at
  /// either end), or `nil` when the repository has no CODEOWNERS where the service reads it.
  func ownedFolders() -> Set<String>? { codeOwners.owned }

  func ownershipViolations() -> [Violation] {
    // Whole-package findings: a run of one target (`--target`) leaves them to the full run.
    let misplaced: [Violation] =
      focus != nil
      ? []
      : codeOwners.ignored.map { file in
        let folder = codeOwners.packageFolder
        return Violation(
          rule: "missing-owner", file: file, line: 1, column: 1,
          message:
            "the hosting service never reads this CODEOWNERS: it reads one at the repository's root (\(CodeOwners.places.joined(separator: ", "))), and this package is in '\(folder)'; move its lines there, each path starting with '\(folder)/'",
          key: "missing-owner|\(file)")
      }
    guard let owned = ownedFolders() else { return misplaced }
    return misplaced
      + targets.filter { isChecked($0) && !owned.contains($0.path) }.sorted {
        $0.name < $1.name
      }
      .map { target in
        let (file, line, column) = manifestLocation(of: target)
        return Violation(
          rule: "missing-owner", file: file, line: line, column: column,
          message:
            "'\(target.path)' has no line in CODEOWNERS; add one naming the team that owns '\(target.name)'",
          key: "missing-owner|\(target.name)")
      }
  }
}
