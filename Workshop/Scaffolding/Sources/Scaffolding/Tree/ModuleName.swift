import Foundation

/// Whether a name is taken by a module of the repository's package: a string in the manifest
/// (a target's name), a folder in a layer (`Sources/<Layer>/<Name>`) or a test target's folder.
enum ModuleName {
  /// Throws when `Package.swift` cannot be read: the tool was not started in the repository.
  static func isTaken(_ name: String, in root: URL) throws(Refusal) -> Bool {
    let manifest: String
    do {
      manifest = try String(
        contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    } catch {
      throw Refusal("cannot read Package.swift in \(root.path): run it in the repository")
    }
    if manifest.contains("\"\(name)\"") { return true }
    let files = FileManager.default
    if files.fileExists(atPath: root.appendingPathComponent("Tests/\(name)Tests").path) {
      return true
    }
    let sources = root.appendingPathComponent("Sources")
    let layers = (try? files.contentsOfDirectory(atPath: sources.path)) ?? []
    return layers.contains { layer in
      files.fileExists(atPath: sources.appendingPathComponent("\(layer)/\(name)").path)
    }
  }
}
