import Foundation

/// `--affected`'s output: the reached targets' names, one a line, or a JSON document with each
/// target's kind and reason; and on standard error, what reached every target and what lay
/// outside the package.
struct AffectedListing {
  let affected: AffectedTargets
  /// The revision the changes are counted from, as it was given.
  let since: String

  /// The JSON document: `{"since", "exit_status", "targets": [{"name", "kind", "reason"}],
  /// "every_target_because": […], "outside_package": […]}`.
  struct Document: Encodable {
    struct Entry: Encodable {
      let name: String
      let kind: String
      let reason: String
    }
    let since: String
    let exitStatus: Int32
    let targets: [Entry]
    let everyTargetBecause: [String]
    let outsidePackage: [String]
  }

  func write(as format: ReportFormat, to transcript: inout Transcript) {
    // One line for each file, but one for each path dependency: a change there is often many
    // files, and the dependency is the reason.
    var namedDependencies: Set<String> = []
    for change in affected.unattributed {
      if case .pathDependency(let identity) = change.kind {
        guard namedDependencies.insert(identity).inserted else { continue }
        let count = affected.unattributed.filter { $0.kind == change.kind }.count
        let others = count > 1 ? " and \(count - 1) more of its files" : ""
        transcript.error +=
          "note: every target is affected: \(change.file)\(others) changed (\(change.what))\n"
        continue
      }
      transcript.error += "note: every target is affected: \(change.description)\n"
    }
    if let first = affected.outsidePackage.first {
      let count = affected.outsidePackage.count
      let others = count > 1 ? " and \(count - 1) more" : ""
      transcript.error +=
        "note: \(first)\(others) changed outside the package's folder: no target of the package is affected by \(count == 1 ? "it" : "them")\n"
    }
    switch format {
    case .json:
      transcript.print(
        Report.encoded(
          Document(
            since: since, exitStatus: 0,
            targets: affected.targets.map {
              Document.Entry(name: $0.name, kind: $0.kind, reason: $0.reasonText)
            },
            everyTargetBecause: affected.unattributed.map(\.description),
            outsidePackage: affected.outsidePackage)))
    case .text, .sarif, .github:
      for target in affected.targets { transcript.print(target.name) }
    }
  }
}
