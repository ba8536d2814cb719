import Foundation
import SharedKernel

/// Every command of `voyage`, each declared once. The overview, every `--help`, usage errors,
/// shell completions and the man page are all produced from this list.
enum VoyageCommands {
  static let version = "voyage 0.1.0"

  static let search = CommandSpec(
    "search", abstract: "search bookable trips",
    discussion: """
      Search bookable trips by city or country ("Lisbon", "Japan", "São Paulo", "東京").
      """,
    arguments: [
      ArgumentSpec(name: "destination", help: "a city, a country or another name for it")
    ],
    options: [
      .option("--from", "DATE", "earliest first day, YYYY-MM-DD"),
      .option("--to", "DATE", "latest last day, YYYY-MM-DD"),
      .option("--guests", "N", "travellers, 1 to 9", default: "1"),
      .option("--max-price", "AMOUNT", "highest price per traveller, like 500 or 499.50"),
      .option(
        "--currency", "CODE", "currency of --max-price", default: "EUR",
        choices: Currency.supported.map(\.code)),
      .option(
        "--sort", "ORDER", "price, rating or date", default: "price",
        choices: SortOrder.allCases.map(\.rawValue)),
      .option("--limit", "N", "results, 1 to 100", default: "20"),
      .flag("--json", "print JSON instead of a table"),
    ])

  static let show = CommandSpec(
    "show", abstract: "show one trip",
    discussion: "Show one trip's details: dates, price, rating and places left.",
    arguments: [ArgumentSpec(name: "trip", help: "a trip identifier, like LIS-001")],
    options: [.json])

  static let checkout = CommandSpec(
    "checkout", abstract: "buy places on a trip and get a ticket",
    discussion: """
      Buy places on a trip and get a ticket: the places are held at the supplier, the card is
      charged, the places are confirmed and the ticket issued, each step recorded before the
      next. A refused card gives the places back; places the supplier will not confirm are
      refunded. Running the same command again with the same --idempotency-key finishes an
      interrupted checkout where it stopped, and never holds or charges twice; the key cannot
      be reused for another trip, number of places, traveller or card.
      """,
    arguments: [ArgumentSpec(name: "trip", help: "the trip to buy places on")],
    options: [
      .option("--card", "NUMBER", "card number (spaces allowed)", required: true),
      .option("--expiry", "MM/YY", "card expiry", required: true),
      .option("--name", "TRAVELLER", "the traveller's name", required: true),
      .option("--email", "ADDRESS", "where the ticket may be sent"),
      .option("--guests", "N", "places, 1 to 9", default: "1"),
      .option(
        "--idempotency-key", "KEY",
        "the order's key (letters, digits, - and _); printed when generated"),
      .json,
    ],
    epilogue: """
      Test cards (the embedded payment sandbox):
        4242 4242 4242 4242   succeeds
        4000 0000 0000 0002   declined
        4000 0000 0000 9995   insufficient funds
        4000 0000 0000 0119   fails transiently (retried, then reported)
        4000 0000 0000 0069   expired
        Any other valid card number with a future expiry succeeds.

      Each call to the supplier or the payment provider waits at most 10 seconds, retries
      included (VOYAGE_DEADLINE_SECONDS changes it). A call that is never answered leaves its
      outcome unknown: the error says so, and the same command, run again, finds out.
      """)

  static let tickets = CommandSpec(
    "tickets", abstract: "list the tickets bought so far",
    discussion: "List the tickets bought so far, newest first.", options: [.json])

  static let cancel = CommandSpec(
    "cancel", abstract: "cancel a ticket: places returned, money refunded",
    discussion: """
      Cancel a ticket: its places go back to the supplier and its price back to the card.
      Cancelling an already cancelled ticket is not an error; an interrupted cancellation is
      finished by running the same command again.
      """,
    arguments: [ArgumentSpec(name: "ticket", help: "a ticket identifier, like TKT-6EBD95C0BAF9")],
    options: [.json])

  static let orders = CommandSpec(
    "orders", abstract: "list unfinished orders and the command that finishes each",
    discussion: """
      List the orders that did not end: drafted, holding places, or charged without a ticket
      (after a crash, a full disk or a silent server), each with its key and the command that
      finishes it.
      """,
    options: [.json])

  static let demo = CommandSpec(
    "demo", abstract: "a narrated tour of what the architecture buys",
    discussion: """
      A narrated tour: a search, ten identical searches answered by one supplier call, a checkout,
      the same checkout retried (no second charge), a declined card, and the tickets. It uses a
      temporary Voyage home, so it never touches your data, unless --home names one.
      """,
    options: [.option("--home", "PATH", "the Voyage home to use instead of a temporary one")])

  static let completions = CommandSpec(
    "completions", abstract: "print a shell completion script",
    discussion: """
      Print the completion script for a shell. Load it in the current shell, or install it:
        bash   source <(voyage completions bash)
        zsh    voyage completions zsh > "${fpath[1]}/_voyage"
        fish   voyage completions fish > ~/.config/fish/completions/voyage.fish
      """,
    arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish")])

  static let manual = CommandSpec(
    "manual", abstract: "print the man page",
    discussion: """
      Print voyage's man page (roff). Read it with: voyage manual > voyage.1 && man ./voyage.1
      """)

  /// Every command, in the order the overview lists them.
  static let all: [CommandSpec] = [
    search, show, checkout, tickets, cancel, orders, demo, completions, manual,
  ]

  /// The command named `name`, if there is one.
  static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

  /// What `voyage --help` prints: every command's abstract from its declaration.
  static var overview: String {
    let width = (all.map(\.name) + ["help"]).map(\.count).max() ?? 0
    let commands = (all.map { ($0.name, $0.abstract) } + [("help", "show help for a command")])
      .map { "  " + $0.0.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $0.1 }
    return """
      Voyage: search bookable trips and check one out, offline, with embedded sandboxes.

      Usage: voyage <command> [options]

      Commands:
      \(commands.joined(separator: "\n"))

      Options:
        -h, --help       show help
        --version        show the version

      Environment:
        VOYAGE_HOME           where tickets, payments and places are kept (default ~/.voyage)
        VOYAGE_DEADLINE_SECONDS   how long one outside call may take, retries included (10)
        VOYAGE_SUPPLIER_URL   a live travel supplier instead of the embedded sandbox
        VOYAGE_PAYMENTS_URL   a live payment provider instead of the embedded sandbox
        NO_COLOR, CLICOLOR_FORCE   turn colour off, or force it on

      Exit status: 0 success, 1 operation failed (declined, sold out, not found), 64 usage or
      invalid input (a reused key too), 69 supplier or provider unavailable or silent, 74 storage
      error (a full disk, a locked or unreadable file).
      Run 'voyage <command> --help' for a command's options.
      """
  }
}
