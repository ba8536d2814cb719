// The tickets feature alone, reading a canned ledger in memory: the list of tickets, then one
// ticket's screen. No database: the feature, the kernel, the booking interface and its doubles.
// Its screens suggest no command, since this program has none.
//
//   swift run tickets-example

import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SharedKernel
import TicketsFeature

let feature = TicketsFeature(
  dependencies: TicketsDependencies(ledger: InMemoryOrderLedger(tickets: CannedCatalog.tickets)))
let theme = TerminalTheme(
  environment: ProcessInfo.processInfo.environment, isInteractive: isatty(STDOUT_FILENO) == 1)
await feature.listTickets()
print(feature.screen(theme: theme), terminator: "")
if let first = CannedCatalog.tickets.first {
  await feature.show(first.id)
  print("\n" + feature.screen(theme: theme), terminator: "")
}
