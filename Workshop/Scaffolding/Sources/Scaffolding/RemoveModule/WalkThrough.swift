import Foundation

/// The walk-through (`## A walk through` in `GeneratedDocuments.walkThrough`, one `text` block of
/// commands and what they printed): the steps that ran a removed command go with it.
enum WalkThrough {
  /// `readme` without the walk-through's steps that run `executable` with one of `commands`.
  static func removingSteps(
    of commands: [String], executable: String, from readme: String
  ) -> String {
    guard let heading = readme.range(of: "## A walk through"),
      let open = readme.range(of: "```text\n", range: heading.upperBound..<readme.endIndex),
      let close = readme.range(of: "```\n", range: open.upperBound..<readme.endIndex)
    else { return readme }
    let body = readme[open.upperBound..<close.lowerBound]
    // A step is a `$ …` line and what follows it, up to the next one.
    var steps: [String] = []
    for line in body.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line.hasPrefix("$ ") || steps.isEmpty { steps.append("") }
      steps[steps.count - 1] += line + "\n"
    }
    let kept = steps.filter { step in
      !commands.contains { command in
        let run = "$ \(executable) \(command)"
        guard step.hasPrefix(run) else { return false }
        let next = step.dropFirst(run.count).first
        return next.map { !($0.isLetter || $0.isNumber || $0 == "_") } ?? true
      }
    }
    return String(readme[..<open.upperBound]) + kept.joined() + readme[close.lowerBound...]
  }
}
