public import Foundation

/// A day on the calendar (`2027-03-14`) with no time or time zone, because a trip starts on a date,
/// not at an instant. Parsing is strict: `2027-02-30` and `2027-3-4` are rejected.
public struct CalendarDate: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The year, 1970 or later.
  public let year: Int
  /// The month, 1–12.
  public let month: Int
  /// The day of the month, 1–31 depending on the month.
  public let day: Int

  /// Creates a date from its parts; `nil` when the day does not exist (`2027-02-29`).
  public init?(year: Int, month: Int, day: Int) {
    guard (1970...9999).contains(year), (1...12).contains(month),
      (1...Self.daysIn(month: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// Parses the ISO 8601 calendar form `YYYY-MM-DD`; `nil` for any other text or an impossible day.
  public init?(iso8601 text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({
        $0.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
      }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// The day, in UTC, on which `instant` falls.
  public init(containing instant: Date) {
    let days = Int((instant.timeIntervalSince1970 / 86_400).rounded(.down))
    self.init(daysSinceEpoch: max(days, 0))
  }

  /// The date `days` days after 1970-01-01 (Howard Hinnant's days-to-civil algorithm).
  public init(daysSinceEpoch days: Int) {
    let shifted = days + 719_468
    let era = shifted / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// Days since 1970-01-01, for date arithmetic.
  public var daysSinceEpoch: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = shiftedYear / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The date `days` days later (or earlier, when negative).
  public func adding(days: Int) -> CalendarDate {
    CalendarDate(daysSinceEpoch: daysSinceEpoch + days)
  }

  /// The number of days from this date to `other` (nights of a stay).
  public func days(until other: CalendarDate) -> Int {
    other.daysSinceEpoch - daysSinceEpoch
  }

  /// The ISO 8601 form, `YYYY-MM-DD`.
  public var description: String {
    "\(Self.padded(year, to: 4))-\(Self.padded(month, to: 2))-\(Self.padded(day, to: 2))"
  }

  /// Orders dates chronologically.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  private static func padded(_ value: Int, to width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

extension CalendarDate: Codable {
  /// Decodes the `YYYY-MM-DD` form and rejects impossible days.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CalendarDate(iso8601: text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a YYYY-MM-DD date")
    }
    self = date
  }

  /// Encodes as `YYYY-MM-DD`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
