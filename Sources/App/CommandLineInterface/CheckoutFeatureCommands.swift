import AppComposition
import BookingInterface
import CheckoutFeature
import DesignSystem
import Foundation
import PaymentInterface
import SharedKernel

/// `checkout` and `cancel`: the checkout feature on the command line.
enum CheckoutFeatureCommands: CommandGroup {
  enum Command: CaseIterable {
    case checkout, cancel
  }

  /// `checkout`'s arguments, each read as the type it is.
  enum Checkout {
    static let trip = Argument<TripID>.trip("the trip to buy places on")
    static let card = Option.required("--card", .cardNumber, "card number (spaces allowed)")
    static let expiry = Option.required(
      "--expiry", .parsed("MM/YY", accepting: "MM/YY, like 12/30") { PaymentCard.parseExpiry($0) },
      "card expiry")
    static let name = Option.required("--name", .text("TRAVELLER"), "the traveller's name")
    static let email = Option.optional("--email", .emailAddress, "where the ticket may be sent")
    static let places = Option.defaulted(
      "--places", .integer(in: SearchQuery.placeRange), "places", default: 1)
    static let idempotencyKey = Option.optional(
      "--idempotency-key",
      .parsed("KEY", accepting: "1 to 64 letters, digits, '-' or '_'", OrderID.init),
      "the order's key (letters, digits, - and _); printed when generated")
  }

  /// What `cancel` is given: a ticket's identifier or an order's key. The two are spelled
  /// alike, so the text is read as each it can be, and the ledger tells which one it names.
  struct TicketOrOrder: Sendable {
    /// The text as a ticket's identifier, when it can be one.
    let ticket: TicketID?
    /// The text as an order's key, when it can be one.
    let order: OrderID?

    /// `nil` when the text can be neither.
    init?(_ text: String) {
      ticket = TicketID(text)
      order = OrderID(text)
      guard ticket != nil || order != nil else { return nil }
    }
  }

  static let ticketOrOrder = Argument<TicketOrOrder>.parsed(
    "ticket", "a ticket identifier, like TKT-6EBD95C0BAF9, or an order's key", TicketOrOrder.init,
    refusal: {
      "'\($0)' is neither a ticket identifier (like TKT-6EBD95C0BAF9) nor an order's key"
    })

  static func declaration(of command: Command) -> CommandSpec {
    switch command {
    case .checkout:
      CommandSpec(
        "checkout", abstract: "buy places on a trip and get a ticket",
        discussion: """
          Buy places on a trip and get a ticket: the places are held at the supplier, the card is
          charged, the places are confirmed and the ticket issued, each step recorded before the
          next. A refused card gives the places back; places the supplier will not confirm are
          refunded. Running the same command again with the same --idempotency-key finishes an
          interrupted checkout where it stopped, and never holds or charges twice; the key cannot
          be reused for another trip, number of places, traveller or card.
          """,
        arguments: [Checkout.trip.spec],
        options: [
          Checkout.card, Checkout.expiry, Checkout.name, Checkout.email, Checkout.places,
          Checkout.idempotencyKey, Flag.json,
        ],
        epilogue: checkoutEpilogue)
    case .cancel:
      CommandSpec(
        "cancel", abstract: "cancel a ticket, or give up an unfinished order",
        discussion: """
          Cancel a ticket: its places go back to the supplier and its price back to the card.
          Given the key of an order that did not end (see 'voyage orders'), give the order up:
          the key is closed at the payment provider, so nothing can be charged under it from then
          on, a charge already taken is refunded, and the places held go back. Cancelling what is
          already cancelled is not an error; an interrupted cancellation is finished by running the
          same command again.
          """,
        arguments: [ticketOrOrder.spec], options: [Flag.json])
    }
  }

  private static let checkoutEpilogue = HelpEpilogue(blocks: [
    .table(
      title: "Test cards (the embedded payment sandbox):",
      rows: [
        .init(name: "4242 4242 4242 4242", meaning: "succeeds"),
        .init(name: "4000 0000 0000 0002", meaning: "declined"),
        .init(name: "4000 0000 0000 9995", meaning: "insufficient funds"),
        .init(
          name: "4000 0000 0000 0119",
          meaning:
            "fails transiently (retried, then reported; the order stays open: retry it, or 'voyage cancel <order key>')"
        ),
        .init(name: "4000 0000 0000 0069", meaning: "expired"),
      ],
      footer: "Any other valid card number with a future expiry succeeds."),
    .paragraph(
      """
      Each call to the supplier or the payment provider waits at most 10 seconds, retries \
      included (VOYAGE_DEADLINE_SECONDS changes it). A call that is never answered, or whose \
      answer cannot be read, leaves its outcome unknown: the error says so, and the same \
      command, run again, finds out. "Nothing was charged" is said only when the provider \
      could not be reached at all.
      """),
  ])

  @MainActor
  static func run(_ command: Command, _ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    switch command {
    case .checkout: try await checkout(parsed, in: commandLine)
    case .cancel: try await cancel(parsed, in: commandLine)
    }
  }

  @MainActor
  private static func checkout(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let id = try parsed.single(Checkout.trip)
    let (number, expiry, name) = (
      try parsed.value(Checkout.card), try parsed.value(Checkout.expiry),
      try parsed.value(Checkout.name)
    )
    let card: PaymentCard
    let traveller: Traveller
    do {
      // The number was checked as it was read; an expiry past 2099 is what is left to refuse.
      card = try PaymentCard(
        number: number, expiryMonth: expiry.month, expiryYear: expiry.year, holderName: name)
    } catch {
      throw UsageError(error.description)
    }
    // Refused before an order is recorded or a place held: the provider would refuse it after.
    guard !card.hasExpired(on: CalendarDate(containing: Date())) else {
      throw UsageError("the card expired in \(card.shownExpiry); give a card that has not expired")
    }
    let email = try parsed.value(Checkout.email)
    do {
      traveller = try Traveller(name: name, email: email)
    } catch {
      throw UsageError(error.description)
    }
    let places = try parsed.value(Checkout.places)
    let json = parsed.isSet(Flag.json)
    let given = try parsed.value(Checkout.idempotencyKey)
    let key = given ?? VoyageCommandLine.newOrderID()
    // A generated key is said once its order is recorded, before any outside call, so a
    // checkout stopped dead after that can be finished; before, there is nothing to finish.
    let sayKey = given == nil && !json
    let announce = { (order: OrderID, state: OrderState) in
      guard sayKey, order == key, state == .drafted else { return }
      commandLine.terminal.line(
        commandLine.errorTheme.paint(
          "Order \(key) (retry with \(Checkout.idempotencyKey.spec.name) \(key))", .muted),
        to: .error)
    }
    // The ledger is opened (connected, migrated) where a signal can end the wait too.
    let graph = commandLine.graph
    let opening = await TerminationSignals.cancelling { () async -> GraphOpeningError? in
      do throws(TicketingError) {
        _ = try await graph.ledger()
        return nil
      } catch {
        return .ledger(error)
      }
    }
    if let signal = opening.signal {
      return interrupted(before: key, by: signal, json: json, in: commandLine)
    }
    let feature: CheckoutFeature
    do throws(GraphOpeningError) {
      if let error = opening.value { throw error }
      feature = try await graph.checkout(for: .command, recorded: announce)
    } catch {
      return commandLine.storageFailure(error, json: json)
    }
    let request = CheckoutRequest(
      tripID: id, places: places, traveller: traveller, card: card, orderID: key)
    let signal = await TerminationSignals.cancelling { await feature.checkout(request) }.signal
    await commandLine.graph.settled()
    return commandLine.present(
      feature.failure.map { status($0, signal: signal) },
      json: json, jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  @MainActor
  private static func cancel(_ parsed: ParsedArguments, in commandLine: VoyageCommandLine)
    async throws(UsageError) -> ExitStatus
  {
    let given = try parsed.single(ticketOrOrder)
    let json = parsed.isSet(Flag.json)
    let feature: CheckoutFeature
    do {
      feature = try await commandLine.graph.checkout(for: .command)
    } catch {
      return commandLine.storageFailure(error, json: json)
    }
    // A signal stops the cancellation at once; it then says where it stands and what finishes
    // it, as an interrupted checkout does.
    let signal = await TerminationSignals.cancelling {
      var isOrderKey = given.ticket == nil
      if let ticket = given.ticket {
        await feature.cancel(ticket)
        // Not a ticket this ledger knows: an order's key, then (the two may look alike).
        if case .unknown(.ticket) = feature.failure { isOrderKey = true }
      }
      if isOrderKey, let order = given.order { await feature.giveUp(order) }
    }.signal
    await commandLine.graph.settled()
    return commandLine.present(
      feature.failure.map { status($0, signal: signal) },
      json: json, jsonBody: feature.json()
    ) {
      feature.screen(theme: $0)
    }
  }

  /// A checkout that a signal ended while the ledger was being opened: nothing was recorded,
  /// held or charged under its key.
  @MainActor
  private static func interrupted(
    before key: OrderID, by signal: Int32, json: Bool, in commandLine: VoyageCommandLine
  ) -> ExitStatus {
    let message = "Interrupted before order \(key) was recorded: nothing was held or charged."
    if json {
      commandLine.terminal.write(
        JSONDocument.text(
          ErrorDocument(code: "interrupted", message: message, orderID: key.rawValue)),
        to: .output)
    } else {
      commandLine.terminal.line(
        commandLine.errorTheme.paint(
          "\(commandLine.errorTheme.symbol(.failure)) \(message)", .danger), to: .error)
    }
    return signal == SIGTERM ? .terminated : .interrupted
  }

  /// A failed command's status: the signal's when one ended it (130 for SIGINT, 143 for
  /// SIGTERM, whatever the failure it stopped in, a refused card's note included), else the
  /// failure's.
  private static func status(_ failure: CheckoutFailure, signal: Int32?) -> ExitStatus {
    switch signal {
    case SIGINT?: .interrupted
    case SIGTERM?: .terminated
    default: status(failure)
    }
  }

  private static func status(_ failure: CheckoutFailure) -> ExitStatus {
    switch failure {
    case .keyReused: .usage
    case .interrupted: .interrupted
    case .supplier(.storage, _), .payment(.storageFailed, _), .refund(.storageFailed, _), .ledger:
      .storage
    case .supplier(.unreachable, _), .supplier(.outcomeUnknown, _), .payment(.unavailable, _),
      .payment(.outcomeUnknown, _), .refund(.unavailable, _), .refund(.outcomeUnknown, _):
      .unavailable
    case .unknown, .rejected, .orderEnded, .orderPaid, .supplier(.refused, _), .payment, .refund:
      .failure
    }
  }

}

extension OptionValue where Value == CardNumber {
  /// A card number that passes the card's checks, refused with the check it failed (never with
  /// the number).
  static var cardNumber: OptionValue<CardNumber> {
    typed("NUMBER") { text, _, _ throws(UsageError) in
      do throws(PaymentCardError) {
        return try CardNumber(text)
      } catch {
        throw UsageError(error.description)
      }
    }
  }
}

extension OptionValue where Value == EmailAddress {
  /// An e-mail address, refused with an example of one.
  static var emailAddress: OptionValue<EmailAddress> {
    typed("ADDRESS") { text, name, _ throws(UsageError) in
      guard let address = EmailAddress(text) else {
        throw UsageError("\(name) must be an address like ada@example.com, not '\(text.echoed)'")
      }
      return address
    }
  }
}
