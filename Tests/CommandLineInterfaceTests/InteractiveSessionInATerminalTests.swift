// Exercises: SearchFeature, CheckoutFeature, TicketsFeature
import Foundation
import PaymentSandbox
import Testing

/// `voyage` with no arguments in a real pseudo-terminal: from a destination to a ticket, an empty
/// answer, and Ctrl-C at every prompt.
extension VoyageCommandLineTests {
  @Test func inATerminalVoyageWalksFromADestinationToATicket() async throws {
    let outcome = try await interactive(
      "Lisbon\n2\n1\n4242 4242 4242 4242\n12/30\nAda Lovelace\ny\n")
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Where to?"))
    #expect(outcome.output.contains("✓ Ticket TKT-"))
    let tickets = try #require(
      try json(try await voyage("tickets", "--json").output)["tickets"] as? [[String: Any]])
    #expect(tickets.count == 1)
  }

  @Test func inATerminalAnEmptyAnswerLeavesCleanly() async throws {
    let outcome = try await interactive("\n")
    #expect(outcome.status == 0)
    #expect(outcome.output.contains("Goodbye."))
  }

  /// Ctrl-C at any prompt, the confirmation of the total included, ends the session the way an
  /// interrupted command ends in a shell (status 130) and nothing was charged or recorded.
  @Test(arguments: ["Where to?", "Pick a trip", "How many places", "Card number", "[y/N]"])
  func ctrlCAtAPromptExits130WithNothingCharged(prompt: String) async throws {
    let answers: [(prompt: String, answer: String)] = [
      ("Where to?", "Lisbon\n"), ("Pick a trip", "2\n"), ("How many places", "1\n"),
      ("Card number", "4242 4242 4242 4242\n"), ("Expiry", "12/30\n"), ("name", "Ada\n"),
      ("[y/N]", "y\n"),
    ]
    let until = try #require(answers.firstIndex { $0.prompt == prompt })
    let outcome = try await converse(Array(answers[..<until]) + [(prompt, "\u{03}")])
    #expect(outcome.status == 130)
    #expect(try await PaymentSandbox(home: home).chargeCount() == 0)
    let orders = try #require(
      try json(try await voyage("orders", "--json").output)["orders"] as? [[String: Any]])
    #expect(orders.isEmpty)
  }
}
