import DesignSystem
import Foundation
import SharedKernel

/// Renders search's state: a table of results, one trip's details, or a one-line message.
struct SearchScreen {
  let state: SearchViewModel.State
  let theme: TerminalTheme
  /// The commands a screen may suggest: only the program's own.
  let commands: SearchCommands

  var text: String {
    switch state {
    case .idle:
      return ""
    case .loading:
      return theme.paint("Searching" + theme.symbol(.ellipsis), .muted)
    case .empty(let query):
      return
        "No trips match \"\(query.destination.escapingControlCharacters)\". Try a country, or fewer filters.\n"
    case .failed(let failure):
      return theme.paint("\(theme.symbol(.failure)) \(Self.message(failure))", .danger) + "\n"
    case .loaded(let query, let results):
      var table = TextTable(columns: [
        // In a narrow terminal the title is cut first, then the rating, the dates and the title
        // leave; the trip, its price and its places always stay, never cut.
        .init("#", alignment: .trailing), .init("Trip"),
        .init("Title", maximumWidth: 34, minimumWidth: 16, dropOrder: 3),
        .init("Dates", dropOrder: 2), .init("Price", alignment: .trailing),
        .init("Rating", alignment: .trailing, dropOrder: 1),
        .init("Places", alignment: .trailing),
      ])
      for (index, trip) in results.enumerated() {
        table.append([
          .init(String(index + 1), color: .muted), .init(trip.id.rawValue, color: .accent),
          .init(trip.title), .init("\(trip.startDate) \(theme.symbol(.arrow)) \(trip.endDate)"),
          .init(trip.price.description), .init("\(theme.symbol(.star)) \(trip.rating)"),
          trip.isSoldOut ? .init("sold out", color: .danger) : .init(String(trip.placesLeft)),
        ])
      }
      let heading = theme.style(
        "\(results.count) trip\(results.count == 1 ? "" : "s") for \"\(query.destination.escapingControlCharacters)\"",
        .title
      )
      let hints = [
        commands.showTrip.map { "Show one: \($0)" }, commands.buyTrip.map { "Buy one: \($0)" },
      ].compactMap { $0 }
      let oneLine = hints.joined(separator: "   ")
      // Two short lines rather than one the terminal would wrap; nothing when there is no
      // command to suggest.
      let hint =
        hints.isEmpty
        ? []
        : [""]
          + (theme.width.map { oneLine.displayWidth > $0 } ?? false ? hints : [oneLine])
          .map { theme.paint($0, .muted) }
      return ([heading, ""] + table.render(theme: theme) + hint).joined(separator: "\n")
        + "\n"
    case .showing(let trip, let tickets):
      var rows: [(String, String)] = [
        ("Destination", trip.destination.description),
        (
          "Dates",
          "\(trip.startDate) \(theme.symbol(.arrow)) \(trip.endDate) (\(trip.nights) nights)"
        ),
        ("Price", "\(trip.price) per place"),
        ("Rating", "\(theme.symbol(.star)) \(trip.rating)"),
        ("Places", trip.isSoldOut ? theme.paint("sold out", .danger) : String(trip.placesLeft)),
      ]
      let indent = String(repeating: " ", count: Spacing.indent)
      var links: [String] = []
      switch tickets {
      case .success(let held) where !held.isEmpty:
        let cancelling = held.filter(\.isCancelling)
        if cancelling.count < held.count {
          rows.append(("You hold", Self.held(held.filter { !$0.isCancelling })))
        }
        if !cancelling.isEmpty {
          rows.append(("Cancelling", theme.paint(Self.held(cancelling), .warning)))
        }
        // Under the rows, not beside them: a link is never cut, and fits a 40-column terminal;
        // a cancellation under way says, under its link, what finishes it.
        for ticket in held {
          links.append(indent + indent + theme.paint(ticket.link.absoluteString, .accent))
          guard ticket.isCancelling, let command = commands.finishCancelling else { continue }
          let finish = "finish: \(command) \(ticket.id)"
          links.append(indent + indent + indent + theme.paint(finish, .warning))
        }
      case .success: break
      case .failure(let error):
        // The error may carry a server's or a URL's own words: shown, never obeyed.
        rows.append(
          ("You hold", theme.paint("unknown: \(error)".escapingControlCharacters, .danger)))
      }
      let width = rows.map(\.0.displayWidth).max() ?? 0
      let body = rows.map { label, value in
        indent + theme.paint(label.padded(toDisplayWidth: width), .muted) + "  " + value
      }
      return
        // Styles sit side by side, never nested: an inner reset would end the outer style.
        ([theme.style(trip.title, .title) + "  " + theme.paint(trip.id.rawValue, .accent)] + body
        + links + ["", indent + trip.details]).joined(separator: "\n") + "\n"
    }
  }

  /// "3 places on 2 tickets".
  private static func held(_ tickets: [TicketOnTrip]) -> String {
    let places = tickets.map(\.places).reduce(0, +)
    return (places == 1 ? "1 place" : "\(places) places") + " on "
      + (tickets.count == 1 ? "1 ticket" : "\(tickets.count) tickets")
  }

  static func message(_ failure: SearchFailure) -> String {
    switch failure {
    case .notFound(let id): "No trip has the identifier \(id)."
    // The reason is the interface's own sentence ("the travel supplier is unavailable: …").
    case .upstreamUnavailable(let reason), .storage(let reason):
      // The reason may carry a server's own words: shown, never obeyed.
      (reason.prefix(1).uppercased() + reason.dropFirst() + ".").escapingControlCharacters
    }
  }

  /// `{"query": {...}, "results": [...]}` for a list, `{"trip": {...}}` for one trip (with
  /// `tickets`, the ones held on it, absent when they could not be read),
  /// `{"error": {"code": …, "message": …}}` for a failure. Keys are sorted; amounts are integer
  /// minor units with their currency, so no precision is lost.
  static func json(_ state: SearchViewModel.State) -> Data {
    switch state {
    case .idle, .loading:
      return JSONDocument.data([String: String]())
    case .empty(let query):
      return JSONDocument.data(
        SearchResultsDocument(query: QueryDocument(query: query), results: []))
    case .loaded(let query, let results):
      return JSONDocument.data(
        SearchResultsDocument(
          query: QueryDocument(query: query), results: results.map { TripDocument(summary: $0) }))
    case .showing(let trip, let tickets):
      var details = TripDocument(summary: trip.summary, details: trip.details, nights: trip.nights)
      if case .success(let held) = tickets {
        details.tickets = held.map(HeldTicketDocument.init)
      }
      return JSONDocument.data(["trip": details])
    case .failed(let failure):
      let code =
        switch failure {
        case .notFound: "not_found"
        case .upstreamUnavailable: "upstream_unavailable"
        case .storage: "storage_failed"
        }
      return JSONDocument.data(ErrorDocument(code: code, message: message(failure)))
    }
  }
}
