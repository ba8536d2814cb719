// The search feature alone, against canned trips in memory: no supplier, no cache, no ledger and
// no command line, so its developers build and run only the feature, the kernel, the booking
// interface and its doubles.
//
//   swift run search-example [DESTINATION]      (default: Lisbon)

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
  if let first = CannedCatalog.trips.first(where: { $0.destination.city == "Lisbon" }) {
    await feature.show(first.id)
    print("\n" + feature.screen(theme: theme), terminator: "")
  }
} catch {
  FileHandle.standardError.write(Data("search-example: \(error)\n".utf8))
  exit(64)
}
