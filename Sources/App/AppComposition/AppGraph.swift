import BookingData
package import BookingInterface
import EventLog
import Foundation
import LedgerLogging
import PaymentData
import PaymentInterface
import PaymentSandbox
import SQLiteLedgerData
import SharedKernel
import SupplierSandbox

#if os(Linux)
  import PostgreSQLLedgerData
#endif

/// Something that happened in one feature that another part of the app may care about. The
/// emitter does not know who listens; the composition root wires listeners.
enum AppEvent: Sendable {
  case ticketIssued(TripID)
  case ticketCancelled(TripID)
}

/// The object graph: the composition root is the only place that knows which implementation
/// stands behind each interface. It hands out features wired to their dependencies and routes
/// their outputs through ``router``; whoever drives the features (the command line) never sees
/// an implementation and never decides which screen follows which.
/// Everything is built on first use (a search never opens the ledger), which also keeps the
/// graph free of construction cycles: search needs the tickets held on a trip and tickets need
/// the trip a ticket is for, so each feature receives closures that ask the graph for the
/// other only when called, never the other feature itself. Each feature's factory, links and
/// answers live in its own file, `AppGraph+<Feature>.swift`, the one file here that imports the
/// feature, so removing a feature removes its wiring with it.
@MainActor
public final class AppGraph {
  /// Where data lives and which outside systems are used.
  public let configuration: AppConfiguration
  /// Where the app is: every feature output moves it, and fronts show its route.
  public let router = AppRouter()
  /// The embedded payment provider, once a checkout opened it (the demo counts its charges).
  private(set) var paymentSandbox: PaymentSandbox?
  private var cachedTrips: (any TripCache)?
  private var cachedPayments: (any PaymentGateway)?
  private var cachedLedger: (any OrderLedger)?
  private let events: AsyncStream<AppEvent>
  private let emitter: AsyncStream<AppEvent>.Continuation
  private var listener: Task<Void, Never>?
  /// Where each module's log goes; silent unless the front asked for a log.
  let logging: AppLogging

  /// A graph for `configuration`, logging to `logging`; nothing is built until it is first
  /// asked for.
  public init(configuration: AppConfiguration, logging: AppLogging = .silent) {
    // The listener runs as long as the graph; a one-shot command may exit before it handles
    // its last event, which only concerned this process's in-memory cache.
    self.configuration = configuration
    self.logging = logging
    (events, emitter) = AsyncStream.makeStream(of: AppEvent.self)
  }

  /// The embedded supplier, shared by trips and places so both see one inventory; `nil` when
  /// a live supplier is configured.
  private(set) lazy var embeddedSupplier: SupplierSandbox? =
    configuration.supplierURL == nil
    ? SupplierSandbox(
      firstDay: CalendarDate(containing: Date()),
      tripsPerDestination: configuration.sandboxTripsPerDestination, home: configuration.home,
      storeTimeout: Self.storeTimeout(within: configuration.deadline),
      committed: { change in FaultPoints.reached("supplier:\(change.rawValue)") })
    : nil

  /// Trips, through the coalescing cache, from the live supplier or the embedded sandbox.
  var trips: any TripCache {
    if let cachedTrips { return cachedTrips }
    let upstream: any TripRepository
    if let url = configuration.supplierURL {
      upstream = BookingDataAssembly.supplier(
        baseURL: url, deadline: configuration.deadline, log: logging.logger("supplier"))
    } else if let sandbox = embeddedSupplier {
      upstream = BookingDataAssembly.supplier(
        transport: sandbox.transport, deadline: configuration.deadline,
        log: logging.logger("supplier"))
    } else {
      preconditionFailure("no supplier URL and no embedded supplier")
    }
    let cache = BookingDataAssembly.cache(inFrontOf: upstream, log: logging.logger("cache"))
    cachedTrips = cache
    listen(to: cache)
    return cache
  }

  /// Places at the supplier: holds, confirmations, cancellations.
  var reservations: any PlaceReservations {
    if let url = configuration.supplierURL {
      return BookingDataAssembly.reservations(
        baseURL: url, deadline: configuration.deadline, log: logging.logger("supplier"))
    }
    guard let sandbox = embeddedSupplier else {
      preconditionFailure("no supplier URL and no embedded supplier")
    }
    return BookingDataAssembly.reservations(
      transport: sandbox.transport, deadline: configuration.deadline,
      log: logging.logger("supplier"))
  }

  /// The payment gateway: the live provider or the embedded sandbox (whose charges live in the
  /// Voyage home folder).
  func payments() throws(PaymentError) -> any PaymentGateway {
    if let cachedPayments { return cachedPayments }
    let gateway: any PaymentGateway
    if let url = configuration.paymentsURL {
      gateway = PaymentDataAssembly.gateway(
        baseURL: url, deadline: configuration.deadline, log: logging.logger("payments"))
    } else {
      let home: URL
      do {
        home = try configuration.requireHome()
      } catch {
        throw .storageFailed(reason: error.description)
      }
      do {
        let sandbox = try PaymentSandbox(
          home: home,
          storeTimeout: Self.storeTimeout(within: configuration.deadline),
          committed: { change in FaultPoints.reached("payments:\(change.rawValue)") })
        paymentSandbox = sandbox
        gateway = PaymentDataAssembly.gateway(
          transport: sandbox.transport, deadline: configuration.deadline,
          log: logging.logger("payments"))
      } catch {
        throw .storageFailed(reason: "the payment sandbox could not open its store: \(error)")
      }
    }
    cachedPayments = gateway
    return gateway
  }

  /// The order ledger: in the PostgreSQL database that `VOYAGE_DATABASE_URL` names, shared by
  /// every instance that names it, or in the SQLite file of the Voyage home folder. Nothing
  /// else in the app knows which: the features see `OrderLedger`.
  package func ledger() async throws(TicketingError) -> any OrderLedger {
    if let cachedLedger { return cachedLedger }
    do {
      return try await openLedger()
    } catch {
      logging.logger("ledger").error("ledger unavailable", ["error": .text(error.description)])
      throw error
    }
  }

  private func openLedger() async throws(TicketingError) -> any OrderLedger {
    let ledger: any OrderLedger
    if let database = configuration.databaseURL {
      // Linux only (the manifest's platform condition): an Apple app never links libpq.
      #if os(Linux)
        ledger = try await PostgreSQLLedgerDataAssembly.ledger(
          connectionString: database.connectionString, deadline: configuration.deadline,
          log: logging.logger("ledger"))
      #else
        _ = database
        throw .storageFailed(
          reason:
            "VOYAGE_DATABASE_URL is set, but this build of Voyage has no PostgreSQL ledger (Linux only); unset it"
        )
      #endif
    } else {
      ledger = try await SQLiteLedgerDataAssembly.ledger(
        home: configuration.requireHome(), log: logging.logger("ledger"))
    }
    cachedLedger = LedgerLoggingAssembly.logging(ledger, to: logging.logger("ledger"))
    return cachedLedger ?? ledger
  }

  /// Logs, at `error`, that a command ended in a failure of the system (an outside service, the
  /// ledger, a file), so `VOYAGE_LOG=error` hears of every command that did not do its work.
  public func logCommandFailed(_ command: String, status: Int32) {
    logging.logger("voyage").error(
      "command failed", ["command": .text(command), "status": .integer(Int(status))])
  }

  /// How long an embedded sandbox waits for its file while another process writes it: most of
  /// its callers' deadline, so the wait ends as "the file is busy" (storage) while the caller
  /// still listens, not as a silent supplier.
  nonisolated static func storeTimeout(within deadline: Duration) -> Duration {
    deadline * 0.8
  }

  /// Whether there is a ledger to read: a server named by `VOYAGE_DATABASE_URL` always is one;
  /// a SQLite file only once written in the Voyage home folder. A screen that only counts
  /// tickets (a trip's) reads them only then, so looking at a trip never creates a file.
  var ledgerExists: Bool {
    if cachedLedger != nil || configuration.databaseURL != nil { return true }
    guard let home = configuration.home else { return false }
    return FileManager.default.fileExists(
      atPath: home.appendingPathComponent(SQLiteLedgerDataAssembly.fileName).path)
  }

  /// Announces `event` to whoever listens.
  func emit(_ event: AppEvent) {
    // Without a listener (no cache was built) nothing is waiting for the event to be handled.
    guard listener != nil else { return }
    eventsInFlight += 1
    emitter.yield(event)
  }

  /// Returns once every event emitted so far has been handled, so what is read next (a trip's
  /// places after a purchase) already reflects it: the demo and the interactive session wait
  /// here, and so do tests, instead of sleeping.
  public func settled() async {
    guard eventsInFlight > 0 else { return }
    await withCheckedContinuation { settledWaiters.append($0) }
  }

  private var eventsInFlight = 0
  private var settledWaiters: [CheckedContinuation<Void, Never>] = []

  /// A ticket changes a trip's places: forget the cached trip and searches.
  private func listen(to cache: any TripCache) {
    let events = events
    listener = Task { [weak self] in
      for await event in events {
        switch event {
        case .ticketIssued(let trip), .ticketCancelled(let trip):
          await cache.invalidate(tripID: trip)
        }
        self?.handled()
      }
    }
  }

  private func handled() {
    eventsInFlight -= 1
    guard eventsInFlight == 0 else { return }
    let waiters = settledWaiters
    settledWaiters = []
    for waiter in waiters { waiter.resume() }
  }
}
