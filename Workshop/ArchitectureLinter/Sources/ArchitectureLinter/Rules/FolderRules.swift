import Foundation

/// The folder rule (`folder-dependency`) and `--split-preview`: layers of the folders inside one target.
extension Linter {
  /// The layer a file takes from its folder: the layer that claims the innermost folder
  /// enclosing it (a folder claimed by two layers is refused when the configuration is read).
  func folderLayer(of file: String) -> Configuration.Layer? {
    guard hasFolderLayers else { return nil }
    for folder in enclosingFolders(of: file).reversed() {
      let claiming = configuration.layers.first { layer in
        layer.folders.contains { glob($0, matches: folder) }
      }
      if let claiming { return claiming }
    }
    return nil
  }

  /// A file in a folder layer that names a top-level declaration of its own target whose file
  /// is in a folder layer it may not use. A name declared in an allowed folder too is taken to
  /// be that one (the index cannot tell them apart); one finding per file and name.
  func folderViolations(_ symbols: [String: FileSymbols]) -> [Violation] {
    var layerOf: [String: Configuration.Layer] = [:]
    for file in symbols.keys { layerOf[file] = folderLayer(of: file) }
    // Per target, the files that declare each name.
    var declaring: [String: [String: [String]]] = [:]
    for (file, found) in symbols {
      for name in found.declared {
        declaring[found.target, default: [:]][name, default: []].append(file)
      }
    }
    var violations: [Violation] = []
    for (file, found) in symbols.sorted(by: { $0.key < $1.key }) {
      guard let layer = layerOf[file] else { continue }
      for (name, uses) in found.uses.sorted(by: { $0.key < $1.key }) {
        guard !found.declared.contains(name),
          let files = declaring[found.target]?[name]?.sorted(), let first = uses.first
        else { continue }
        let layers = files.map { layerOf[$0] }
        guard
          !layers.contains(where: { other in
            other == nil || other?.name == layer.name || layer.mayUse.contains(other?.name ?? "")
          }), let other = layers.first??.name
        else { continue }
        violations.append(
          Violation(
            rule: "folder-dependency", file: file, line: Int(first.line),
            column: Int(first.column),
            message:
              "'\(name)' is declared in \(files[0]), a folder of \(other); this file's folder is \(layer.name), which may use \(describe(layer.mayUse)). Reach it through what \(layer.name) may use, or move it",
            key: "folder-dependency|\(found.target)|\(file) -> \(name)"))
      }
    }
    return violations
  }

  /// The uses in `folder`'s files of names that the rest of its target declares: each would
  /// be an error ("cannot find … in scope") if the folder became a module of its own, which
  /// cannot import the target it came from. What the rest uses of the folder only needs an
  /// import and `public`, so it is not counted.
  func splitPreview(_ folder: String) -> Result<
    [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)], ScanFailure
  > {
    var symbols: [String: FileSymbols] = [:]
    for target in targets where indexedTargets.contains(target.name) {
      for source in target.sources.sorted() where source.hasSuffix(".swift") {
        let file = target.path + "/" + source
        let scanned = ScannedFile.scan(rootPath + "/" + file, setting: setting) {
          source, tokens, _, _ in FileSymbols(target: target.name, tokens: tokens, source: source)
        }
        switch scanned {
        case .success(let found): symbols[file] = found
        case .failure(let failure): return .failure(failure)
        }
      }
    }
    let inside = symbols.filter { $0.key.hasPrefix(folder + "/") }
    let ownNames = Set(inside.values.flatMap(\.declared))
    let targetNames = Set(inside.values.map(\.target))
    var declaredOutside: [String: String] = [:]
    for (file, found) in symbols.sorted(by: { $0.key < $1.key })
    where !file.hasPrefix(folder + "/") && targetNames.contains(found.target) {
      for name in found.declared where declaredOutside[name] == nil { declaredOutside[name] = file }
    }
    var crossings: [(file: String, use: FileSymbols.Use, name: String, declaredIn: String)] = []
    for (file, found) in inside.sorted(by: { $0.key < $1.key }) {
      for (name, uses) in found.uses where !ownNames.contains(name) {
        guard let declaredIn = declaredOutside[name] else { continue }
        crossings += uses.map { (file, $0, name, declaredIn) }
      }
    }
    return .success(
      crossings.sorted {
        ($0.file, $0.use.line, $0.use.column) < ($1.file, $1.use.line, $1.use.column)
      })
  }
}
