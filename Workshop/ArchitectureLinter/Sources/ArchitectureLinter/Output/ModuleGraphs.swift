import Foundation

// MARK: - Mermaid

func mermaid(_ linter: Linter, violations: [Violation], baselined: Set<String>) -> String {
  var lines = ["flowchart TD"]
  let modules = linter.targets.filter { !$0.isTestCode && $0.isLinted }
  for layer in linter.configuration.layers {
    let members = modules.filter { $0.layer?.name == layer.name }.sorted { $0.name < $1.name }
    guard !members.isEmpty else { continue }
    lines.append("  subgraph \(layer.name)")
    for member in members { lines.append("    \(member.moduleName)") }
    lines.append("  end")
  }
  let outside = modules.filter { $0.layer == nil }.sorted { $0.name < $1.name }
  for target in outside { lines.append("  \(target.moduleName)") }
  var edgeIndex = 0
  var redEdges: [Int] = []
  let names = Set(modules.map(\.name))
  for target in modules.sorted(by: { $0.name < $1.name }) {
    for dependency in target.dependencies.sorted() where names.contains(dependency) {
      let key = "layer-dependency|\(target.name) -> \(dependency)"
      if baselined.contains(key) {
        lines.append("  \(target.moduleName) -.-> \(dependency)")
      } else if violations.contains(where: { $0.key == key }) {
        lines.append("  \(target.moduleName) --> \(dependency)")
        redEdges.append(edgeIndex)
      } else {
        lines.append("  \(target.moduleName) --> \(dependency)")
      }
      edgeIndex += 1
    }
  }
  for edge in redEdges { lines.append("  linkStyle \(edge) stroke:red,stroke-width:2px") }
  return lines.joined(separator: "\n")
}

/// One module's neighbourhood: what it uses and who uses it (test targets left out).
func mermaidSlice(of target: Target, in linter: Linter) -> String {
  let modules = linter.targets.filter { !$0.isTestCode && $0.isLinted }
  let names = Set(modules.map(\.name))
  var lines = ["flowchart LR"]
  for dependent in modules.sorted(by: { $0.name < $1.name })
  where dependent.dependencies.contains(target.name) {
    lines.append("  \(dependent.moduleName) --> \(target.moduleName)")
  }
  for dependency in target.dependencies.sorted() where names.contains(dependency) {
    lines.append("  \(target.moduleName) --> \(dependency)")
  }
  if lines.count == 1 { lines.append("  \(target.moduleName)") }
  lines.append("  style \(target.moduleName) stroke-width:3px")
  return lines.joined(separator: "\n")
}

/// Brings the graph section of every module's README up to date (`write`), or lists the modules
/// whose README is missing or stale.
func moduleReadmes(_ linter: Linter, write: Bool) -> [Violation] {
  var problems: [Violation] = []
  for target in linter.targets.sorted(by: { $0.name < $1.name })
  where !target.isTestCode && target.isLinted && target.layer != nil {
    let path = linter.root.appendingPathComponent(target.path).appendingPathComponent("README.md")
    func problem(_ message: String) {
      problems.append(
        Violation(
          rule: "module-readme", file: "\(target.path)/README.md", line: 1, column: 1,
          message: message, key: "module-readme|\(target.name)"))
    }
    guard let text = try? String(contentsOf: path, encoding: .utf8) else {
      problem("'\(target.name)' has no README.md")
      continue
    }
    guard let updated = replacingGraph(in: text, with: mermaidSlice(of: target, in: linter)) else {
      problem("the README of '\(target.name)' has no module-graph markers")
      continue
    }
    guard updated != text else { continue }
    if write {
      do {
        try updated.write(to: path, atomically: true, encoding: .utf8)
      } catch {
        problem("cannot write the README of '\(target.name)'")
      }
    } else {
      problem(
        "the module graph of '\(target.name)' is out of date; regenerate the graphs with --update-module-readmes"
      )
    }
  }
  return problems
}

/// `--split-preview FOLDER`: the uses that would cross back, one per line, and their count; or,
/// with `--format json`, one document.
func splitPreview(of folder: String, _ linter: Linter, format: String) throws -> String {
  guard
    let target = linter.targets.first(where: { target in
      target.isLinted && folder.hasPrefix(target.path + "/")
        && target.sources.contains { (target.path + "/" + $0).hasPrefix(folder + "/") }
    })
  else {
    let isTarget = linter.targets.contains { $0.path == folder }
    throw BadInput(
      isTarget
        ? "'\(folder)' is a target already: preview a folder inside one"
        : "'\(folder)' is not a folder of Swift sources inside a target")
  }
  let crossings: [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)]
  switch linter.splitPreview(folder) {
  case .success(let found): crossings = found
  case .failure(let failure):
    throw BadInput("'\(failure.path)' \(failure.reason): nothing was previewed")
  }
  let files = Set(crossings.map(\.file)).count
  let names = Set(crossings.map(\.name)).count
  if format == "json" {
    return Report.encoded(
      SplitPreview(
        folder: folder, target: target.name, crossings: crossings.count,
        uses: crossings.map {
          SplitPreview.Use(
            file: $0.file, line: Int($0.use.line), column: Int($0.use.column), name: $0.name,
            declaredIn: $0.declaredIn)
        })) + "\n"
  }
  var text = ""
  for crossing in crossings {
    text +=
      "\(crossing.file):\(crossing.use.line):\(crossing.use.column): '\(crossing.name)' is declared in \(crossing.declaredIn)\n"
  }
  text +=
    crossings.isEmpty
    ? "split preview: \(folder) uses nothing else of '\(target.name)'; it can become a module as it is\n"
    : "split preview: \(crossings.count) use\(crossings.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") of \(folder) name \(names) declaration\(names == 1 ? "" : "s") of the rest of '\(target.name)': each would cross back if \(folder) became a module\n"
  return text
}

/// `--split-preview FOLDER --format json`: each use that would cross back.
struct SplitPreview: Encodable {
  struct Use: Encodable {
    let file: String
    let line: Int
    let column: Int
    let name: String
    let declaredIn: String
  }
  let folder: String
  let target: String
  let crossings: Int
  let uses: [Use]
}

let graphBegin =
  "<!-- module-graph:begin (generated by Scripts/check-architecture.swift) -->"
let graphEnd = "<!-- module-graph:end -->"

func replacingGraph(in text: String, with graph: String) -> String? {
  guard let begin = text.range(of: graphBegin), let end = text.range(of: graphEnd),
    begin.upperBound <= end.lowerBound
  else { return nil }
  return String(text[..<begin.upperBound]) + "\n```mermaid\n" + graph + "\n```\n"
    + String(text[end.lowerBound...])
}
