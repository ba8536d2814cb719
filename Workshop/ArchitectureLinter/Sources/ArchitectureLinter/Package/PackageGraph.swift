import Foundation

/// The package graph as the linter's plugins hand it over: fields ended by a NUL byte, the first
/// of them `check-architecture-graph 1`. A plugin is compiled without optimization: writing the
/// graph in the JSON of `swift package describe` took it twice as long as these fields, and the
/// linter took three times as long to read the JSON (20,000 files: 30 and 12 ms against 16 and
/// 4). Paths are absolute, as SwiftPM gives them; the linter makes them relative as `describe`
/// does. The records, each a keyword and its fields:
///
///     package NAME ROOT
///     dependency IDENTITY PATH            one for each package the package depends on
///     target NAME MODULE KIND FOLDER      MODULE is empty for a target without Swift sources
///     target-dependency NAME              a dependency of the target above
///     product-dependency NAME
///     source PATH                         a file of the target above
///     executable-product NAME COUNT TARGET…   a program the package builds, from COUNT targets
enum PackageGraph {
  static let header = "check-architecture-graph 1"

  /// Whether `data` is a package graph, of any version, rather than `describe`'s JSON.
  static func isGraph(_ data: Data) -> Bool {
    data.starts(with: Array("check-architecture-graph ".utf8))
  }

  /// The package the graph describes, in the terms of `describe`; a graph of another version or
  /// with a record the linter does not know throws ``BadInput``.
  static func description(of data: Data) throws -> PackageDescription {
    try data.withUnsafeBytes { raw in try description(of: Fields(bytes: raw)) }
  }

  private static func description(of fields: Fields) throws -> PackageDescription {
    var fields = fields
    let first = fields.next().map(fields.text) ?? ""
    guard first == header else {
      throw BadInput(
        "the package graph is not one this linter reads (it starts '\(first.prefix(40))', not '\(header)'): run the linter of the plugin's own package"
      )
    }
    func nextField(of record: String) throws -> Range<Int> {
      guard let field = fields.next() else {
        throw BadInput("the package graph ends inside a '\(record)' record")
      }
      return field
    }
    func next(_ record: String) throws -> String { fields.text(try nextField(of: record)) }
    var name = ""
    var root = ""
    var dependencies: [PackageDescription.Dependency] = []
    var products: [PackageDescription.Product] = []
    var targets: [PackageDescription.Target] = []
    /// The target whose records are being read, until the next target.
    var open: (name: String, module: String, kind: String, folder: String)?
    var folderPrefix: [UInt8] = []
    var sources: [String] = []
    var targetDependencies: [String] = []
    var productDependencies: [String] = []
    func close() {
      guard let target = open else { return }
      targets.append(
        PackageDescription.Target(
          name: target.name, c99name: target.module.isEmpty ? nil : target.module,
          type: target.kind, path: relative(target.folder, to: root), sources: sources,
          targetDependencies: targetDependencies, productDependencies: productDependencies))
      (sources, targetDependencies, productDependencies) = ([], [], [])
    }
    while let field = fields.next() {
      let record = fields.text(field)
      switch record {
      case "package": (name, root) = (try next(record), try next(record))
      case "dependency":
        dependencies.append(
          PackageDescription.Dependency(
            identity: try next(record), type: nil, path: try next(record), url: nil))
      case "executable-product":
        let product = try next(record)
        guard let count = Int(try next(record)), count >= 0 else {
          throw BadInput("the package graph's product '\(product)' has no count of targets")
        }
        let built = try (0..<count).map { _ in try next(record) }
        products.append(
          PackageDescription.Product(name: product, targets: built, type: ["executable": nil]))
      case "target":
        close()
        open = (try next(record), try next(record), try next(record), try next(record))
        folderPrefix = Array(((open?.folder ?? "") + "/").utf8)
      case "target-dependency", "product-dependency", "source":
        guard open != nil else {
          throw BadInput("the package graph has a '\(record)' record before any target")
        }
        let value = try nextField(of: record)
        switch record {
        // A file's path from its target's folder, made from the bytes after the folder's: most
        // are short enough to need no memory of their own.
        case "source": sources.append(fields.text(value, after: folderPrefix))
        case "target-dependency": targetDependencies.append(fields.text(value))
        default: productDependencies.append(fields.text(value))
        }
      default:
        throw BadInput(
          "the package graph holds a '\(record.prefix(40))' record, which this linter does not know: run the linter of the plugin's own package"
        )
      }
    }
    close()
    return PackageDescription(
      name: name, path: URL(fileURLWithPath: root).standardizedFileURL.path, targets: targets,
      dependencies: dependencies, products: products)
  }

  /// The graph's fields one after another, each up to the next NUL byte (found with `memchr`:
  /// `Data.split` took longer than reading the rest of the graph).
  private struct Fields {
    let bytes: UnsafeRawBufferPointer
    private var offset = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// Where the next field is, or `nil` after the last.
    mutating func next() -> Range<Int>? {
      guard offset <= bytes.count, let base = bytes.baseAddress else { return nil }
      let end =
        memchr(base + offset, 0, bytes.count - offset).map { base.distance(to: $0) }
        ?? bytes.count
      defer { offset = end + 1 }
      return offset..<end
    }

    func text(_ field: Range<Int>) -> String {
      String(decoding: UnsafeRawBufferPointer(rebasing: bytes[field]), as: UTF8.self)
    }

    /// The field without `prefix` when it starts with those bytes, else all of it.
    func text(_ field: Range<Int>, after prefix: [UInt8]) -> String {
      guard field.count > prefix.count, bytes[field].starts(with: prefix) else {
        return text(field)
      }
      return text((field.lowerBound + prefix.count)..<field.upperBound)
    }
  }

  /// `folder` from `root`, as `describe` gives a target's path: by the paths as SwiftPM spelled
  /// them, or by both made standard (`..` and `.` resolved) when that is what relates them.
  static func relative(_ folder: String, to root: String) -> String {
    if let path = inside(root, folder) { return path }
    let standardFolder = URL(fileURLWithPath: folder).standardizedFileURL.path
    let standardRoot = URL(fileURLWithPath: root).standardizedFileURL.path
    return inside(standardRoot, standardFolder) ?? standardFolder
  }

  /// `path` from `folder` when it is inside it, byte for byte (`hasPrefix` compares characters,
  /// which can be equal in different bytes), otherwise `nil`.
  static func inside(_ folder: String, _ path: String) -> String? {
    let prefix = (folder + "/").utf8
    guard path.utf8.starts(with: prefix) else { return nil }
    return String(decoding: path.utf8.dropFirst(prefix.count), as: UTF8.self)
  }
}
