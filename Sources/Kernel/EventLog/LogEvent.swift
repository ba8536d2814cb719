public import Foundation

/// One thing that happened: how much it matters, who said it, what, and the values that let a
/// person or a script find it again (the order key, the step, the attempt, the duration).
public struct LogEvent: Sendable, Equatable {
  /// How much it matters.
  public let level: LogLevel
  /// Who said it (the logger's label).
  public let label: String
  /// What happened, in a few words that stay the same from one run to the next.
  public let message: String
  /// The values of this event, in the order they were given.
  public let metadata: LogMetadata
  /// When it was recorded.
  public let date: Date

  /// An event recorded now (or at `date`).
  public init(
    level: LogLevel, label: String, message: String, metadata: LogMetadata = [:],
    date: Date = Date()
  ) {
    self.level = level
    self.label = label
    self.message = message
    self.metadata = metadata
    self.date = date
  }
}

/// How much an event matters, least first; the names are what `VOYAGE_LOG` accepts.
public enum LogLevel: String, Sendable, CaseIterable, Comparable {
  /// Detail for whoever debugs one component.
  case debug
  /// What happened, step by step.
  case info
  /// Something went wrong and was handled.
  case warning
  /// Something went wrong and the operation failed.
  case error

  /// Orders by severity: `debug` < `info` < `warning` < `error`.
  public static func < (left: LogLevel, right: LogLevel) -> Bool {
    left.severity < right.severity
  }

  private var severity: Int {
    switch self {
    case .debug: 0
    case .info: 1
    case .warning: 2
    case .error: 3
    }
  }
}

/// One metadata value: text, a whole number, a number (a duration in milliseconds) or a flag,
/// so a JSON sink writes it with its type.
public enum LogValue: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral,
  ExpressibleByStringInterpolation, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
  ExpressibleByBooleanLiteral
{
  /// Text.
  case text(String)
  /// A whole number.
  case integer(Int)
  /// A number, such as a duration in milliseconds.
  case number(Double)
  /// A flag.
  case flag(Bool)

  /// Text from a literal.
  public init(stringLiteral value: String) { self = .text(value) }
  /// A whole number from a literal.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// A number from a literal.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A flag from a literal.
  public init(booleanLiteral value: Bool) { self = .flag(value) }

  /// A duration in milliseconds, to a tenth: the unit every `…_ms` key uses.
  public static func milliseconds(_ duration: Duration) -> LogValue {
    let (seconds, attoseconds) = duration.components
    let milliseconds = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
    return .number((milliseconds * 10).rounded() / 10)
  }

  /// The value as a line of text shows it.
  public var description: String {
    switch self {
    case .text(let text): text
    case .integer(let value): String(value)
    case .number(let value): String(value)
    case .flag(let value): String(value)
    }
  }
}

/// An event's values, in the order given, each key once: written like a dictionary literal,
/// `["order": "ord-1", "step": "hold"]`, and kept in that order, so a line reads the same way
/// every time.
public struct LogMetadata: Sendable, Equatable, ExpressibleByDictionaryLiteral, Sequence {
  /// The keys and values, in order.
  public private(set) var fields: [(key: String, value: LogValue)]

  /// Metadata from a literal; a repeated key keeps its last value.
  public init(dictionaryLiteral elements: (String, LogValue)...) {
    fields = []
    for (key, value) in elements { self[key] = value }
  }

  /// The value of `key`, if any; setting `nil` removes it.
  public subscript(key: String) -> LogValue? {
    get { fields.first { $0.key == key }?.value }
    set {
      let index = fields.firstIndex { $0.key == key }
      switch (index, newValue) {
      case (let index?, let value?): fields[index].value = value
      case (let index?, nil): fields.remove(at: index)
      case (nil, let value?): fields.append((key, value))
      case (nil, nil): break
      }
    }
  }

  /// These fields, then `other`'s (whose values win for a key both have).
  public func merging(_ other: LogMetadata) -> LogMetadata {
    var merged = self
    for (key, value) in other.fields { merged[key] = value }
    return merged
  }

  /// Iterates the fields in order.
  public func makeIterator() -> IndexingIterator<[(key: String, value: LogValue)]> {
    fields.makeIterator()
  }

  /// Equal when the same keys have the same values in the same order.
  public static func == (left: LogMetadata, right: LogMetadata) -> Bool {
    left.fields.count == right.fields.count
      && zip(left.fields, right.fields).allSatisfy { $0.key == $1.key && $0.value == $1.value }
  }
}
