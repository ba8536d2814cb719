import EventLog
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One JSON object a line, for scripts and log collectors. The keys are stable and documented
/// in "Using Voyage": `time` (ISO 8601, UTC, milliseconds), `level`, `label`, `message`, and
/// `metadata` (an object, each value with its type: text, whole number, number or flag), keys
/// sorted.
///
/// Written by hand, not with `JSONSerialization` and a date format style: a checkout logs some
/// thirty events, and those two cost more than the checkout itself (`CheckoutBenchmark`'s
/// "cost of the log" rows).
struct JSONLinesLogSink: LogSink {
  let write: @Sendable (String) -> Void

  func record(_ event: LogEvent) {
    write(Self.line(event))
  }

  static func line(_ event: LogEvent) -> String {
    var line = "{\"label\":"
    appendString(event.label, to: &line)
    line += ",\"level\":\"\(event.level.rawValue)\",\"message\":"
    appendString(event.message, to: &line)
    line += ",\"metadata\":{"
    for (index, field) in event.metadata.fields.sorted(by: { $0.key < $1.key }).enumerated() {
      if index > 0 { line += "," }
      appendString(field.key, to: &line)
      line += ":"
      switch field.value {
      case .text(let text): appendString(text, to: &line)
      case .integer(let number): line += String(number)
      case .number(let number): line += number.isFinite ? String(number) : "null"
      case .flag(let flag): line += flag ? "true" : "false"
      }
    }
    line += "},\"time\":\"" + timestamp(event.date) + "\"}\n"
    return line
  }

  /// `text` as a JSON string: quotes, backslashes and control characters escaped, the rest as is.
  private static func appendString(_ text: String, to line: inout String) {
    line += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": line += "\\\""
      case "\\": line += "\\\\"
      case "\n": line += "\\n"
      case "\r": line += "\\r"
      case "\t": line += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F:
        line +=
          "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
          + String(scalar.value, radix: 16)
      default: line.unicodeScalars.append(scalar)
      }
    }
    line += "\""
  }

  /// `2026-12-01T19:02:15.329Z`: UTC, to the millisecond.
  static func timestamp(_ date: Date) -> String {
    // Whole milliseconds first, so 0.329 s is 329 ms and not 328.99….
    let total = Int64((date.timeIntervalSince1970 * 1_000).rounded())
    var seconds = time_t(total / 1_000)
    let milliseconds = Int(total % 1_000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let fraction = String(milliseconds + 1_000).dropFirst()
    return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(fraction)Z"
  }
}
