import Foundation

/// A request to the trips API.
public struct HTTPRequest: Sendable {
  public var method: String
  public var url: String
  public var body: Data?

  public init(method: String, url: String, body: Data? = nil) {
    self.method = method
    self.url = url
    self.body = body
  }
}

/// What the trips API answered.
public struct HTTPResponse: Sendable {
  public var status: Int
  public var body: Data

  public init(status: Int, body: Data) {
    self.status = status
    self.body = body
  }
}

/// Sends requests somewhere and brings back the answers.
public protocol HTTPTransport: Sendable {
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
