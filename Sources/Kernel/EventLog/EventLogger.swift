/// What a module says about what it did, handed to it like any other dependency: a label (who
/// speaks), a level below which nothing is built, metadata that every event carries (the order
/// being checked out), and a sink the composition root chose. `EventLogger.disabled` is the default
/// everywhere, so a module that is never given a logger costs one comparison per event.
///
/// Shaped like swift-log's `Logger` (label, levels, metadata, a pluggable backend), so a fork
/// that adopts swift-log puts it behind ``LogSink`` in one module and changes no caller; named
/// apart from it, so a file that imports both never has two types of one name.
public struct EventLogger: Sendable {
  /// Who speaks: `checkout`, `supplier`, `payments`, `ledger`, `cache`.
  public let label: String
  /// The least severe level recorded; `nil` records nothing.
  public let level: LogLevel?
  /// What every event of this logger carries, before the event's own metadata.
  public let metadata: LogMetadata
  private let sink: any LogSink

  /// A logger that hands `sink` the events at `level` or above.
  public init(label: String, level: LogLevel, sink: any LogSink, metadata: LogMetadata = [:]) {
    self.init(label: label, level: level as LogLevel?, sink: sink, metadata: metadata)
  }

  private init(label: String, level: LogLevel?, sink: any LogSink, metadata: LogMetadata) {
    self.label = label
    self.level = level
    self.sink = sink
    self.metadata = metadata
  }

  /// Records nothing: the default of every module that may log.
  public static let disabled = EventLogger(
    label: "disabled", level: nil, sink: DiscardingLogSink(), metadata: [:])

  /// The same sink and level under another label, for a module handing its parts their own.
  public func labelled(_ label: String) -> EventLogger {
    EventLogger(label: label, level: level, sink: sink, metadata: metadata)
  }

  /// The same logger with `metadata` added to every event (later keys replace earlier ones).
  public func adding(_ metadata: LogMetadata) -> EventLogger {
    EventLogger(label: label, level: level, sink: sink, metadata: self.metadata.merging(metadata))
  }

  /// Whether an event at `level` would be recorded: check it before measuring something costly.
  @inlinable
  public func records(_ level: LogLevel) -> Bool {
    guard let threshold = self.level else { return false }
    return level >= threshold
  }

  /// Records an event at `level`; the message and metadata are built only if it is recorded.
  public func log(
    _ level: LogLevel, _ message: @autoclosure () -> String,
    _ metadata: @autoclosure () -> LogMetadata = [:]
  ) {
    guard records(level) else { return }
    sink.record(
      LogEvent(
        level: level, label: label, message: message(),
        metadata: LogContext.metadata.merging(self.metadata).merging(metadata())))
  }

  /// Detail for whoever debugs one component: cache hits, each attempt.
  public func debug(
    _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> LogMetadata = [:]
  ) {
    log(.debug, message(), metadata())
  }

  /// What happened, step by step: a saga step, an outside call, a migration.
  public func info(
    _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> LogMetadata = [:]
  ) {
    log(.info, message(), metadata())
  }

  /// Something went wrong and was handled: a retry, a compensation.
  public func warning(
    _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> LogMetadata = [:]
  ) {
    log(.warning, message(), metadata())
  }

  /// Something went wrong and the operation failed.
  public func error(
    _ message: @autoclosure () -> String, _ metadata: @autoclosure () -> LogMetadata = [:]
  ) {
    log(.error, message(), metadata())
  }
}

/// What the work in progress is about, added to every event logged while it runs, by every
/// logger: the order a checkout moves is then on the lines of the supplier's and the payment
/// provider's clients too, which know nothing of orders. A task-local value, like swift-log's
/// metadata providers: set by whoever starts the work, inherited by the tasks it starts.
public enum LogContext {
  /// The metadata of the work in progress (empty outside any).
  @TaskLocal public static var metadata: LogMetadata = [:]
}

/// Where events go; the composition root picks one (a readable line on stderr, JSON lines, a
/// file, or a fork's swift-log backend).
///
/// `record(_:)` is called on whatever thread logged, synchronously: a sink is quick, or hands the
/// event to a queue of its own.
public protocol LogSink: Sendable {
  /// Takes one event.
  func record(_ event: LogEvent)
}

/// The sink of ``EventLogger/disabled``, which is never called (the level is checked first).
struct DiscardingLogSink: LogSink {
  func record(_ event: LogEvent) {}
}
