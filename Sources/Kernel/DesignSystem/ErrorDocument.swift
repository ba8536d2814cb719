/// `{"error": {"code": …, "message": …}}`: what every `--json` command prints when it fails, so
/// a script reads one shape whatever went wrong. `order_id` and `usage` appear only when given.
public struct ErrorDocument: Encodable, Sendable, Equatable {
  /// A stable word a script can switch on (`not_found`, `usage`, `storage_failed`).
  public let code: String
  /// The sentence a person reads.
  public let message: String
  /// The order the failure left recorded, whose key finishes it.
  public let orderID: String?
  /// The command's usage line, for a usage error.
  public let usage: String?

  /// A failure with `code` and `message`, and what else a reader needs to act on it.
  public init(code: String, message: String, orderID: String? = nil, usage: String? = nil) {
    self.code = code
    self.message = message
    self.orderID = orderID
    self.usage = usage
  }

  private enum DocumentKeys: String, CodingKey { case error }
  private enum CodingKeys: String, CodingKey {
    case code, message
    case orderID = "order_id"
    case usage
  }

  /// Writes the error under the document's one key, `error`.
  public func encode(to encoder: any Encoder) throws {
    var document = encoder.container(keyedBy: DocumentKeys.self)
    var error = document.nestedContainer(keyedBy: CodingKeys.self, forKey: .error)
    try error.encode(code, forKey: .code)
    try error.encode(message, forKey: .message)
    try error.encodeIfPresent(orderID, forKey: .orderID)
    try error.encodeIfPresent(usage, forKey: .usage)
  }
}
