import Foundation

/// A request to the trips API.
public struct HTTPRequest: Equatable {
  public var method: String
  public var path: String
  public var query: [String: String]
  public var body: Data?
  public var headers: [String: String]

  public init(
    method: String, path: String, query: [String: String] = [:], body: Data? = nil,
    headers: [String: String] = [:]
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
    self.headers = headers
  }

  /// The path and its query, sorted, as a cache key.
  public var cacheKey: String {
    let pairs = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return method + " " + path + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
  }
}

/// The API's answer.
public struct HTTPResponse: Equatable {
  public var status: Int
  public var body: Data

  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// Whatever carries requests to the API: the catalog on local files, a mock, a real server.
public protocol HTTPTransport {
  func send(_ request: HTTPRequest) throws -> HTTPResponse
}

extension JSONDecoder {
  /// Reads the API's snake_case keys and ISO days.
  public static var api: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}

extension JSONEncoder {
  /// Writes the API's snake_case keys, sorted.
  public static var api: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = [.sortedKeys]
    return encoder
  }
}
