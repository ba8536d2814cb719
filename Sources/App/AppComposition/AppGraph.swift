import BookingData
import BookingInterface
import Foundation
import LedgerData
import PaymentData
import PaymentInterface
import PaymentSandbox
import SharedKernel
import SupplierSandbox

/// Where Voyage keeps its data and which outside systems it talks to, read from the environment.
struct AppConfiguration {
  /// `$VOYAGE_HOME`, or `~/.voyage`.
  let home: URL
  /// `$VOYAGE_SUPPLIER_URL`: the live travel supplier; the embedded sandbox when unset.
  let supplierURL: URL?
  /// `$VOYAGE_PAYMENTS_URL`: the live payment provider; the embedded sandbox when unset.
  let paymentsURL: URL?
  /// `$VOYAGE_SANDBOX_TRIPS_PER_DESTINATION`: the supplier sandbox's catalog size (default 50
  /// trips for each of its 49 destinations), for benchmarks of larger catalogs.
  let sandboxTripsPerDestination: Int

  init(environment: [String: String]) {
    if let home = environment["VOYAGE_HOME"], !home.isEmpty {
      self.home = URL(fileURLWithPath: home)
    } else {
      let user =
        environment["HOME"].map { URL(fileURLWithPath: $0) }
        ?? FileManager.default.homeDirectoryForCurrentUser
      self.home = user.appendingPathComponent(".voyage")
    }
    supplierURL = environment["VOYAGE_SUPPLIER_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    paymentsURL = environment["VOYAGE_PAYMENTS_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    sandboxTripsPerDestination =
      environment["VOYAGE_SANDBOX_TRIPS_PER_DESTINATION"].flatMap { Int($0) }.map {
        min(max($0, 1), 10_000)
      } ?? 50
  }
}

/// Something that happened in one feature that another part of the app may care about. The
/// emitter does not know who listens; the composition root wires listeners.
enum AppEvent: Sendable {
  case ticketIssued(BookingID)
}

/// The object graph: the composition root is the only place that knows which implementation
/// stands behind each interface. Everything is built on first use (a search never opens the
/// ledger), which also keeps the graph free of construction-order cycles.
@MainActor
final class AppGraph {
  let configuration: AppConfiguration
  /// Cache invalidations handled so far (for tests and the demo).
  private(set) var invalidations = 0
  private(set) var supplierSandbox: SupplierSandbox?
  private(set) var paymentSandbox: PaymentSandbox?
  private var cachedBookings: (any BookingCache)?
  private var cachedPayments: (any PaymentGateway)?
  private var cachedLedger: (any OrderLedger)?
  private let events: AsyncStream<AppEvent>
  private let emitter: AsyncStream<AppEvent>.Continuation
  private var listener: Task<Void, Never>?

  init(configuration: AppConfiguration) {
    // The listener runs as long as the graph; a one-shot command may exit before it handles
    // its last event, which only concerned this process's in-memory cache.
    self.configuration = configuration
    (events, emitter) = AsyncStream.makeStream(of: AppEvent.self)
  }

  /// Trips, through the coalescing cache, from the live supplier or the embedded sandbox.
  var bookings: any BookingCache {
    if let cachedBookings { return cachedBookings }
    let upstream: any BookingRepository
    if let url = configuration.supplierURL {
      upstream = BookingDataAssembly.supplier(baseURL: url)
    } else {
      let sandbox = SupplierSandbox(
        firstDay: CalendarDate(containing: Date()),
        tripsPerDestination: configuration.sandboxTripsPerDestination)
      supplierSandbox = sandbox
      upstream = BookingDataAssembly.supplier(transport: sandbox.transport)
    }
    let cache = BookingDataAssembly.cache(in: upstream)
    cachedBookings = cache
    listen(to: cache)
    return cache
  }

  /// The payment gateway: the live provider or the embedded sandbox (whose charges live in the
  /// Voyage home folder).
  func payments() throws(TicketingError) -> any PaymentGateway {
    if let cachedPayments { return cachedPayments }
    let gateway: any PaymentGateway
    if let url = configuration.paymentsURL {
      gateway = PaymentDataAssembly.gateway(baseURL: url)
    } else {
      do {
        let sandbox = try PaymentSandbox(home: configuration.home)
        paymentSandbox = sandbox
        gateway = PaymentDataAssembly.gateway(transport: sandbox.transport)
      } catch {
        throw .storageFailed(reason: "the payment sandbox could not open its store: \(error)")
      }
    }
    cachedPayments = gateway
    return gateway
  }

  /// The order ledger in the Voyage home folder.
  func ledger() async throws(TicketingError) -> any OrderLedger {
    if let cachedLedger { return cachedLedger }
    let ledger = try await LedgerDataAssembly.ledger(home: configuration.home)
    cachedLedger = ledger
    return ledger
  }

  /// Announces `event` to whoever listens.
  func emit(_ event: AppEvent) {
    emitter.yield(event)
  }

  /// A ticket changes a trip's places: forget the cached trip and searches.
  private func listen(to cache: any BookingCache) {
    let events = events
    listener = Task { [weak self] in
      for await event in events {
        switch event {
        case .ticketIssued(let booking):
          await cache.invalidate(bookingID: booking)
          self?.invalidations += 1
        }
      }
    }
  }
}
