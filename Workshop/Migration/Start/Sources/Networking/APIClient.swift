import Foundation
import Utils

/// The trips API, spoken JSON to.
public struct APIClient: Sendable {
  public let transport: any HTTPTransport

  public init(transport: any HTTPTransport) {
    self.transport = transport
  }

  /// Sends a request as it is.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await transport.send(request)
  }

  /// GETs a path of the API and decodes a 200 answer; any other status throws `APIError`.
  public func get<Value: Decodable>(_ path: String) async throws -> Value {
    let response = try await send(
      HTTPRequest(method: "GET", url: AppConfig.current.apiBaseURL + path))
    guard response.status == 200 else { throw APIError(status: response.status) }
    return try JSONDecoder.api.decode(Value.self, from: response.body)
  }
}

/// The API answered with a status that is not a success.
public struct APIError: Error {
  public var status: Int
}

extension JSONDecoder {
  /// Reads the API's snake_case keys.
  public static var api: JSONDecoder {
    let decoder = JSONDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return decoder
  }
}

extension JSONEncoder {
  /// Writes the API's snake_case keys.
  public static var api: JSONEncoder {
    let encoder = JSONEncoder()
    encoder.keyEncodingStrategy = .convertToSnakeCase
    encoder.outputFormatting = .sortedKeys
    return encoder
  }
}
