import AppComposition
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import SearchFeature
import SharedKernel

/// `voyage` with no arguments in a terminal: destination → numbered results → pick → places →
/// card → traveller → the total to confirm → ticket. A bad answer is explained and asked again;
/// an empty answer (or the end of input) leaves cleanly at any prompt, and nothing is charged
/// before the total was confirmed.
@MainActor
struct InteractiveSession: CommandGroup {
  let terminal: any Terminal
  let graph: AppGraph

  static func converse(terminal: any Terminal, graph: AppGraph) async -> ExitStatus? {
    await InteractiveSession(terminal: terminal, graph: graph).run()
  }

  private var theme: TerminalTheme { terminal.theme(for: .output) }

  func run() async -> ExitStatus {
    terminal.line(theme.style("Voyage", .title) + theme.paint("  (an empty answer quits)", .muted))
    let search = graph.search()
    guard let trip = await pickTrip(with: search) else { return goodbye() }
    await search.show(trip)
    terminal.write(search.screen(theme: theme), to: .output)
    guard let shown = search.shownTrip, let guests = askGuests(placesLeft: shown.seatsLeft),
      let card = askCard(), let traveller = askTraveller()
    else { return goodbye() }
    guard let total = try? shown.price.multiplied(by: guests) else { return goodbye() }
    let places = guests == 1 ? "1 place" : "\(guests) places"
    guard
      confirm(
        "Pay \(total) for \(places) on \(shown.id) with the \(card.brand) ending \(card.lastFour)?"
      )
    else {
      terminal.line("Nothing was charged.")
      return goodbye()
    }
    let checkout: CheckoutFeature
    do {
      checkout = try await graph.checkout()
    } catch {
      terminal.line(theme.paint("Error: \(error)", .danger))
      return .storage
    }
    await checkout.checkout(
      CheckoutRequest(
        bookingID: shown.id, guests: guests, traveller: traveller, card: card,
        orderID: VoyageCommandLine.newOrderID()))
    await graph.settled()
    terminal.write(checkout.screen(theme: theme), to: .output)
    return checkout.failure == nil ? .success : .failure
  }

  /// Searches until a bookable trip is picked: a number picks from the list, any other text
  /// searches that destination instead.
  private func pickTrip(with search: SearchFeature) async -> BookingID? {
    var destination = ask("Where to?")
    while let text = destination {
      do {
        await search.search(try SearchQuery.make(destination: text, limit: 10))
      } catch {
        terminal.line(theme.paint(error.description, .danger))
        destination = ask("Where to?")
        continue
      }
      terminal.write(search.screen(theme: theme), to: .output)
      guard search.failure == nil else {
        destination = ask("Where to?")
        continue
      }
      while true {
        guard let answer = ask("Pick a trip by number (or another destination)") else {
          return nil
        }
        guard let number = Int(answer) else {
          destination = answer
          break
        }
        switch search.select(resultNumber: number) {
        case .selected(let trip): return trip
        case .soldOut(let trip):
          terminal.line(theme.paint("\(trip) is sold out; pick another trip.", .danger))
        case .noSuchResult:
          terminal.line(theme.paint("There is no result \(number).", .danger))
        }
      }
    }
    return nil
  }

  private func askGuests(placesLeft: Int) -> Int? {
    let most = min(placesLeft, SearchQuery.guestRange.upperBound)
    while let answer = ask("How many places (1 to \(most))") {
      guard let guests = Int(answer), (1...most).contains(guests) else {
        terminal.line(theme.paint("Type a number from 1 to \(most).", .danger))
        continue
      }
      return guests
    }
    return nil
  }

  private func askCard() -> PaymentCard? {
    while let number = ask("Card number (test card: 4242 4242 4242 4242)") {
      guard let expiryText = ask("Expiry (MM/YY)") else { return nil }
      guard let expiry = PaymentCard.parseExpiry(expiryText) else {
        terminal.line(theme.paint("The expiry must be MM/YY, like 12/30.", .danger))
        continue
      }
      do {
        return try PaymentCard(
          number: number, expiryMonth: expiry.month, expiryYear: expiry.year, holderName: "")
      } catch {
        terminal.line(theme.paint("The card is not valid: \(error).", .danger))
      }
    }
    return nil
  }

  private func askTraveller() -> Traveller? {
    while let name = ask("Traveller's name") {
      do {
        return try Traveller(name: name)
      } catch {
        terminal.line(theme.paint("That name cannot be used: \(error).", .danger))
      }
    }
    return nil
  }

  /// Asks a yes-or-no question; only an answer starting with "y" is a yes.
  private func confirm(_ question: String) -> Bool {
    guard let answer = ask(question + " [y/N]") else { return false }
    return answer.lowercased().hasPrefix("y")
  }

  /// Asks a question; `nil` for an empty answer or the end of input.
  private func ask(_ question: String) -> String? {
    terminal.write(theme.paint("\(question) \(theme.symbol(.prompt)) ", .accent), to: .output)
    guard let answer = terminal.readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty
    else {
      return nil
    }
    return answer
  }

  private func goodbye() -> ExitStatus {
    terminal.line("Goodbye.")
    return .success
  }
}
