package import BookingInterface
package import Foundation
import PaymentSandbox
package import SharedKernel
import SupplierSandbox

/// The demo's own assembly (`voyage demo`): an app graph on a home of the demo's, with the knobs
/// its narration turns and the counters it reads (a slower embedded supplier, the charges the
/// embedded payment provider took, the saga's steps from a log kept in memory). The production
/// graph, `AppGraph`, has none of them.
@MainActor
package final class DemoGraph {
  /// The graph the demo's commands run on.
  package let graph: AppGraph
  private let logging: AppLogging

  /// A graph on `home` alone: nothing of the person's configuration (their server ledger,
  /// supplier, payment provider, deadline or log), only the home's embedded sandboxes and
  /// SQLite ledger, which are the demo's.
  package init(home: URL) throws(ConfigurationError) {
    let configuration = try AppConfiguration(
      environment: [EnvironmentVariable.home.rawValue: home.path])
    logging = AppLogging.inMemory()
    graph = AppGraph(configuration: configuration, logging: logging)
  }

  /// Trips through the coalescing cache, whose statistics the narration shows.
  package var trips: any TripCache { graph.trips }

  /// Makes the embedded supplier answer after `latency`, so that identical requests visibly
  /// share one call.
  package func slowSupplier(by latency: Duration) {
    graph.embeddedSupplier?.setLatency(latency)
  }

  /// How many charges the embedded payment provider has taken (0 before the first checkout).
  package func chargesTaken() async -> Int {
    (try? await graph.paymentSandbox?.chargeCount()) ?? 0
  }

  /// The ticket that the order `key` ended in, if any.
  package func ticket(ofOrder key: String) async -> Ticket? {
    try? await graph.ledger().tickets().first { $0.orderID.rawValue == key }
  }

  /// What the saga's log says of the order `key` since the last call, one phrase a step:
  /// `hold 1.2 ms`, `charge failed: card_declined`, `release`.
  package func sagaSteps(of key: String) -> [String] {
    logging.sagaSteps(of: key)
  }
}
