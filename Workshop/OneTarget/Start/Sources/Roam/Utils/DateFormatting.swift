import Foundation

/// Dates as the screens print them: ISO days, in UTC.
public enum DateFormatting {
  private static let day: DateFormatter = {
    let formatter = DateFormatter()
    formatter.calendar = Calendar.roam
    formatter.timeZone = Calendar.roam.timeZone
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    return formatter
  }()

  /// `2027-04-09`.
  public static func day(_ date: Date) -> String {
    day.string(from: date)
  }

  /// `2027-04-09 → 2027-04-12`.
  public static func range(from start: Date, to end: Date) -> String {
    "\(day(start)) → \(day(end))"
  }

  /// A day read back from `yyyy-MM-dd`.
  public static func parse(_ text: String) -> Date? {
    day.date(from: text)
  }
}
