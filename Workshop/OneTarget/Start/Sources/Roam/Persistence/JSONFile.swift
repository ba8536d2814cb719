import Foundation

/// A value kept as one JSON file.
public struct JSONFile<Value: Codable> {
  public let url: URL

  public init(_ url: URL) {
    self.url = url
  }

  /// The value in the file, or `nil` when there is no file yet.
  public func read() throws -> Value? {
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    do {
      return try Self.decoder.decode(Value.self, from: Data(contentsOf: url))
    } catch {
      throw RoamError.storage(url.lastPathComponent)
    }
  }

  /// Writes the value, replacing the file at once.
  public func write(_ value: Value) throws {
    do {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Self.encoder.encode(value).write(to: url, options: .atomic)
    } catch {
      throw RoamError.storage(url.lastPathComponent)
    }
  }

  static var encoder: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  static var decoder: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }
}
