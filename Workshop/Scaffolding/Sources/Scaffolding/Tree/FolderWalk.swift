import Foundation

/// The files under a folder of the repository, by their paths from its root: regular files and
/// symbolic links (a link is listed as itself, never followed).
enum FolderWalk {
  static func files(under folder: String, in root: URL) -> [String] {
    let start = root.appendingPathComponent(folder).path
    guard let walker = FileManager.default.enumerator(atPath: start) else { return [] }
    var found: [String] = []
    while let relative = walker.nextObject() as? String {
      let type = walker.fileAttributes?[.type] as? FileAttributeType
      if type == .typeRegular || type == .typeSymbolicLink { found.append(folder + "/" + relative) }
    }
    return found.sorted()
  }
}
