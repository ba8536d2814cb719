import Foundation

/// `missing-owner`: every target's folder has a line in CODEOWNERS.
extension Linter {
  /// The folders CODEOWNERS names explicitly (without slashes at either end), or `nil` when the
  /// package has no CODEOWNERS file.
  func ownedFolders() -> Set<String>? {
    let candidates = ["CODEOWNERS", ".github/CODEOWNERS", "docs/CODEOWNERS"]
    for candidate in candidates {
      guard
        let text = try? String(contentsOf: root.appendingPathComponent(candidate), encoding: .utf8)
      else { continue }
      var folders: Set<String> = []
      for line in textLines(text) where !line.isEmpty {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.hasPrefix("#"), let pattern = trimmed.split(separator: " ").first,
          trimmed.split(separator: " ").count > 1
        else { continue }
        folders.insert(pattern.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
      }
      return folders
    }
    return nil
  }

  func ownershipViolations() -> [Violation] {
    guard let owned = ownedFolders() else { return [] }
    return targets.filter { isChecked($0) && !owned.contains($0.path) }.sorted {
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
