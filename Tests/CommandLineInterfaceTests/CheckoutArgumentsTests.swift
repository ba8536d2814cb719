// Exercises: CheckoutFeature

import PaymentInterface
import SharedKernel
import Testing

@testable import CommandLineInterface

/// `checkout`'s and `cancel`'s inputs read as the types they are, where they are parsed: a good
/// value arrives as the domain's own type, a bad one is refused there with its one line, before
/// the handler runs (the end-to-end tests show that nothing is recorded then).
@Suite("checkout and cancel: typed inputs")
struct CheckoutArgumentsTests {
  typealias Checkout = CheckoutFeatureCommands.Checkout

  /// `checkout LIS-001 --card … --name Ada` with `extra`, parsed by the command's declaration.
  func checkout(card: String = "4242 4242 4242 4242", _ extra: [String] = [])
    throws(UsageError) -> ParsedArguments
  {
    try CheckoutFeatureCommands.declaration(of: .checkout).parse(
      ["LIS-001", "--card", card, "--expiry", "12/30", "--name", "Ada"] + extra)
  }

  @Test func aCardNumberIsReadAsACardNumberThatNeverShowsItsDigits() throws {
    let number = try checkout().value(Checkout.card)
    #expect(number == (try CardNumber("4242424242424242")))
    #expect(number.lastFour == "4242")
    #expect("\(number)" == "•••• 4242" && !String(reflecting: number).contains("42424242"))
  }

  @Test(arguments: [
    ("", "--card needs a value, not ''"),
    ("4242 abcd", "the card number must contain only digits"),
    ("4242", "the card number has 4 digits; cards have 12 to 19"),
    ("4242424242424241", "the card number is mistyped (it fails the Luhn check)"),
  ])
  func aBadCardNumberIsRefusedWithTheCheckItFails(card: String, message: String) throws {
    let parsed = try checkout(card: card)
    #expect(refusal { () throws(UsageError) in try parsed.value(Checkout.card) } == message)
  }

  @Test func anEmailIsReadAsAnAddressAndIsAbsentWhenNotGiven() throws {
    #expect(
      try checkout(["--email", "ada@example.com"]).value(Checkout.email)?.rawValue
        == "ada@example.com")
    #expect(try checkout().value(Checkout.email) == nil)
  }

  @Test(arguments: [
    ("ada", "--email must be an address like ada@example.com, not 'ada'"),
    ("ada@example", "--email must be an address like ada@example.com, not 'ada@example'"),
    ("a da@example.com", "--email must be an address like ada@example.com, not 'a da@example.com'"),
    ("", "--email needs a value, not ''"),
  ])
  func aBadEmailIsRefusedWithAnExampleOfAnAddress(email: String, message: String) throws {
    let parsed = try checkout(["--email", email])
    #expect(refusal { () throws(UsageError) in try parsed.value(Checkout.email) } == message)
  }

  @Test func whatCancelIsGivenIsReadAsATicketAndAsAnOrdersKey() throws {
    let given = try CheckoutFeatureCommands.declaration(of: .cancel).parse(["TKT-6EBD95C0BAF9"])
      .single(CheckoutFeatureCommands.ticketOrOrder)
    #expect(given.ticket == TicketID("TKT-6EBD95C0BAF9"))
    #expect(given.order == OrderID("TKT-6EBD95C0BAF9"))
  }

  @Test(arguments: ["TKT 1", "../ledger", ""])
  func whatIsNeitherATicketNorAnOrdersKeyIsRefused(text: String) throws {
    let parsed = try CheckoutFeatureCommands.declaration(of: .cancel).parse([text])
    #expect(
      refusal { () throws(UsageError) in try parsed.single(CheckoutFeatureCommands.ticketOrOrder) }
        == "'\(text)' is neither a ticket identifier (like TKT-6EBD95C0BAF9) nor an order's key")
  }
}
