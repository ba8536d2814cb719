import EventLog
import Foundation

/// One JSON object a line, for scripts and log collectors. The keys are stable and documented
/// in the README: `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message`, and
/// `metadata` (an object, each value with its type: text, whole number, number or flag).
struct JSONLinesLogSink: LogSink {
  let write: @Sendable (String) -> Void

  func record(_ event: LogEvent) {
    write(Self.line(event))
  }

  static func line(_ event: LogEvent) -> String {
    var metadata: [String: Any] = [:]
    for (key, value) in event.metadata {
      switch value {
      case .text(let text): metadata[key] = text
      case .integer(let number): metadata[key] = number
      case .number(let number): metadata[key] = number
      case .flag(let flag): metadata[key] = flag
      }
    }
    let object: [String: Any] = [
      "time": event.date.formatted(
        .iso8601.year().month().day().time(includingFractionalSeconds: true)
          .timeZone(separator: .omitted)),
      "level": event.level.rawValue, "label": event.label, "message": event.message,
      "metadata": metadata,
    ]
    let data = try? JSONSerialization.data(
      withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
    return String(decoding: data ?? Data("{}".utf8), as: UTF8.self) + "\n"
  }
}
