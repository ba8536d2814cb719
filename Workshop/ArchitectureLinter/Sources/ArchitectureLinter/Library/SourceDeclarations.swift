import Foundation

/// What a Swift file declares and the string literals it passes to a call, read by its tokens
/// (what `check-architecture source declared-types`, `declared-names` and `string-arguments`
/// print): none in a comment or a string, for a tool that must not find a declaration by the
/// shape of a line.
public struct SourceDeclarations: Sendable {
  /// The file's bytes, read once.
  let bytes: [UInt8]

  /// The Swift file at `path` (from `folder`, or from the working folder); one that cannot be
  /// read throws ``BadInput``, which names `path` as given.
  public init(file path: String, in folder: String? = nil) throws {
    let location = folder.map { path.hasPrefix("/") ? path : $0 + "/" + path } ?? path
    try self.init(fileAt: location, named: path)
  }

  /// The file at `location`, named `path` (as it was given) in an error.
  init(fileAt location: String, named path: String) throws {
    guard let data = FileManager.default.contents(atPath: location) else {
      throw BadInput("cannot read \(path)")
    }
    bytes = Array(data)
  }

  /// The types it declares at its top level (struct, enum, class, actor, protocol), in order.
  public var types: [String] { reading { $0.declaredTypes() } }

  /// Every name it declares at any depth (func, var, let, case, struct, class, enum, actor,
  /// protocol, typealias), in order.
  public var names: [String] { reading { $0.declaredNames() } }

  /// The first argument of every call to `callee` that is a plain string literal
  /// (`CommandSpec("checkout", …)` → `checkout`), in order.
  public func stringArguments(ofCallsTo callee: String) -> [String] {
    reading { $0.stringArguments(ofCallsTo: callee) }
  }

  private func reading(_ read: (EditableSource) -> [String]) -> [String] {
    bytes.withUnsafeBufferPointer { read(EditableSource($0)) }
  }
}
