import AppComposition
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import SearchFeature
import SharedKernel

/// `voyage` with no arguments in a terminal: destination → numbered results → pick → card
/// details → ticket. An empty answer (or end of input) leaves cleanly at any prompt.
@MainActor
struct InteractiveSession {
  let terminal: any Terminal
  let graph: AppGraph

  func run() async -> ExitStatus {
    let theme = terminal.theme(for: .output)
    terminal.line(theme.style("Voyage", .title) + theme.paint("  (an empty answer quits)", .muted))
    var selected: BookingID?
    let search = graph.search { output in
      if case .bookingSelected(let id) = output { selected = id }
    }
    while selected == nil {
      guard let destination = ask("Where to?") else { return goodbye() }
      do {
        await search.search(try SearchQuery.make(destination: destination, limit: 10))
      } catch {
        terminal.line(theme.paint(error.description, .danger))
        continue
      }
      terminal.write(search.screen(theme: theme), to: .output)
      guard search.failure == nil else { continue }
      while selected == nil {
        guard let answer = ask("Pick a trip by number (or another destination)") else {
          return goodbye()
        }
        if let number = Int(answer) {
          if search.select(resultNumber: number) == nil {
            terminal.line(theme.paint("No result \(number).", .danger))
          }
        } else {
          break
        }
      }
    }
    guard let trip = selected else { return goodbye() }
    await search.show(trip)
    terminal.write(search.screen(theme: theme), to: .output)

    guard let card = askCard(theme), let name = ask("Traveller's name") else { return goodbye() }
    let traveller: Traveller
    do {
      traveller = try Traveller(name: name)
    } catch {
      terminal.line(theme.paint(error.description, .danger))
      return .usage
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
        bookingID: trip, guests: 1, traveller: traveller, card: card,
        orderID: VoyageCommandLine.newOrderID()))
    terminal.write(checkout.screen(theme: theme), to: .output)
    return checkout.failure == nil ? .success : .failure
  }

  private func askCard(_ theme: TerminalTheme) -> PaymentCard? {
    while true {
      guard let number = ask("Card number (test card: 4242 4242 4242 4242)") else { return nil }
      guard let expiryText = ask("Expiry (MM/YY)") else { return nil }
      guard let expiry = PaymentCard.parseExpiry(expiryText) else {
        terminal.line(theme.paint("The expiry must be MM/YY, like 12/30.", .danger))
        continue
      }
      do {
        return try PaymentCard(
          number: number, expiryMonth: expiry.month, expiryYear: expiry.year, holderName: "")
      } catch {
        terminal.line(theme.paint(error.description, .danger))
      }
    }
  }

  /// Asks a question; `nil` for an empty answer or the end of input.
  private func ask(_ question: String) -> String? {
    let theme = terminal.theme(for: .output)
    terminal.write(theme.paint("\(question) \(theme.symbol(.prompt)) ", .accent), to: .output)
    guard let answer = readLine()?.trimmingCharacters(in: .whitespaces), !answer.isEmpty else {
      return nil
    }
    return answer
  }

  private func goodbye() -> ExitStatus {
    terminal.line("Goodbye.")
    return .success
  }
}
