import CLibPQ
import EventLog

/// The server's notices and warnings ("relation already exists, skipping", a trigger's RAISE
/// NOTICE), received from libpq instead of its default, which prints them on stderr: each is
/// logged at `debug` with its severity and SQLSTATE, its text stripped of any password (the log's
/// sinks escape control characters, as for every other event).
final class ServerNotices {
  private let settings: ConnectionSettings

  init(_ settings: ConnectionSettings) {
    self.settings = settings
  }

  /// libpq's notice receiver: `argument` is the `ServerNotices` of the connection, unretained
  /// (the connection keeps it for as long as libpq may call).
  static func receive(_ argument: UnsafeMutableRawPointer?, _ result: OpaquePointer?) {
    guard let argument, let result else { return }
    Unmanaged<ServerNotices>.fromOpaque(argument).takeUnretainedValue().log(result)
  }

  private func log(_ result: OpaquePointer) {
    let field = { (code: UInt8) -> String in
      guard let value = PQresultErrorField(result, Int32(code)) else { return "" }
      return String(cString: value)
    }
    settings.log.debug(
      "server notice",
      [
        "database": .text(settings.server),
        "severity": .text(field(UInt8(ascii: "V"))),
        "sqlstate": .text(field(UInt8(ascii: "C"))),
        "notice": .text(settings.redacting(field(UInt8(ascii: "M")))),
      ])
  }
}
