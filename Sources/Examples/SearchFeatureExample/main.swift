// The search feature alone, against canned trips in memory: no supplier, no cache, no ledger and
// no command line, so its developers build and run only the feature, the kernel, the booking
// interface and its doubles. The double finds trips by the rules the supplier keeps (its city or
// country, case and diacritics aside, cheapest first), so "Japan" finds here what it finds in
// `voyage search`; the screens suggest no command, since this program has none.
//
//   swift run search-example [DESTINATION]      (default: Lisbon; shows its first trip too)

import BookingInterfaceTestSupport
import DesignSystem
import Foundation
import SearchFeature
import SharedKernel

let destination = CommandLine.arguments.dropFirst().first ?? "Lisbon"
let feature = SearchFeature(
  dependencies: SearchDependencies(trips: InMemoryTripRepository(trips: CannedCatalog.trips))
) { output in print("search reported: \(output)") }
let theme = TerminalTheme(
  environment: ProcessInfo.processInfo.environment, isInteractive: isatty(STDOUT_FILENO) == 1)
do {
  await feature.search(try SearchQuery.make(destination: destination))
  print(feature.screen(theme: theme), terminator: "")
  switch feature.select(resultNumber: 1) {
  case .selected(let first), .soldOut(let first):
    await feature.show(first)
    print("\n" + feature.screen(theme: theme), terminator: "")
  case .noSuchResult: break
  }
} catch {
  FileHandle.standardError.write(Data("search-example: \(error)\n".utf8))
  exit(64)
}
