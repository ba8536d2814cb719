/// Every help text of the command line, in one place so they stay consistent (and are tested).
enum HelpText {
  static let version = "voyage 0.1.0"

  static let commands: [String: (usage: String, text: String)] = [
    "search": (
      "voyage search <destination> [--from DATE] [--to DATE] [--guests N] [--max-price AMOUNT] [--currency CODE] [--sort price|rating|date] [--limit N] [--json]",
      """
      Search bookable trips by city or country ("Lisbon", "Japan", "São Paulo", "東京").

      Options:
        --from DATE          earliest first day, YYYY-MM-DD
        --to DATE            latest last day, YYYY-MM-DD
        --guests N           travellers, 1 to 9 (default 1)
        --max-price AMOUNT   highest price per traveller, like 500 or 499.50
        --currency CODE      currency of --max-price (default EUR)
        --sort ORDER         price, rating or date (default price)
        --limit N            results, 1 to 100 (default 20)
        --json               print JSON instead of a table
      """
    ),
    "show": (
      "voyage show <trip> [--json]",
      """
      Show one trip's details: dates, price, rating and places left.

      Options:
        --json               print JSON
      """
    ),
    "checkout": (
      "voyage checkout <trip> --card NUMBER --expiry MM/YY --name TRAVELLER [--email ADDRESS] [--guests N] [--idempotency-key KEY] [--json]",
      """
      Buy places on a trip and get a ticket: the places are held at the supplier, the card is
      charged, the places are confirmed and the ticket issued, each step recorded before the
      next. A refused card gives the places back; places the supplier will not confirm are
      refunded. Running the same command again with the same --idempotency-key finishes an
      interrupted checkout where it stopped, and never holds or charges twice; the key cannot
      be reused for another trip, number of places, traveller or card.

      Options:
        --card NUMBER            card number (spaces allowed)
        --expiry MM/YY           card expiry
        --name TRAVELLER         the traveller's name
        --email ADDRESS          where the ticket may be sent
        --guests N               places, 1 to 9 (default 1)
        --idempotency-key KEY    the order's key (letters, digits, - and _); printed when generated
        --json                   print JSON

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
      """
    ),
    "cancel": (
      "voyage cancel <ticket> [--json]",
      """
      Cancel a ticket: its places go back to the supplier and its price back to the card.
      Cancelling an already cancelled ticket is not an error; an interrupted cancellation is
      finished by running the same command again.

      Options:
        --json               print JSON
      """
    ),
    "orders": (
      "voyage orders [--json]",
      """
      List the orders that did not end: drafted, holding places, or charged without a ticket
      (after a crash, a full disk or a silent server), each with its key and the command that
      finishes it.

      Options:
        --json               print JSON
      """
    ),
    "tickets": (
      "voyage tickets [--json]",
      """
      List the tickets bought so far, newest first.

      Options:
        --json               print JSON
      """
    ),
    "demo": (
      "voyage demo [--home PATH]",
      """
      A narrated tour: a search, ten identical searches answered by one supplier call, a checkout,
      the same checkout retried (no second charge), a declined card, and the tickets. It uses a
      temporary Voyage home, so it never touches your data, unless --home names one.
      """
    ),
  ]

  static let overview = """
    Voyage: search bookable trips and check one out, offline, with embedded sandboxes.

    Usage: voyage <command> [options]

    Commands:
      search     search bookable trips
      show       show one trip
      checkout   buy places on a trip and get a ticket
      tickets    list the tickets bought so far
      cancel     cancel a ticket: places returned, money refunded
      orders     list unfinished orders and the command that finishes each
      demo       a narrated tour of what the architecture buys
      help       show help for a command

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

  static func help(for command: String) -> String? {
    commands[command].map { "Usage: \($0.usage)\n\n\($0.text)" }
  }
}
