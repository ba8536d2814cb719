/// Turns the API's dates into what people read.
public enum DateFormatting {
  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]

  /// "2026-06-12" becomes "12 Jun 2026"; anything else is returned as it is.
  public static func display(_ isoDate: String) -> String {
    let parts = isoDate.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3, (1...12).contains(parts[1]) else { return isoDate }
    return "\(parts[2]) \(monthNames[parts[1] - 1]) \(parts[0])"
  }
}
