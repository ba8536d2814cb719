import Foundation

/// Ticket numbers, one after the other, kept across runs: TKT-0001, TKT-0002, …
public enum TicketNumbers {
  /// The next number, written down before it is handed out.
  public static func next() throws -> String {
    let file = JSONFile<Int>(HomeFolder.ticketCounter)
    let number = (try file.read() ?? 0) + 1
    try file.write(number)
    return "TKT-" + String(repeating: "0", count: max(0, 4 - String(number).count)) + String(number)
  }
}
