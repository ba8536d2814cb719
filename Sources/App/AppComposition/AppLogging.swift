public import DesignSystem
import EventLog
import Foundation
import LogSinks

/// Where the log goes and how much of it, decided once per process from `--verbose` and the
/// environment; the composition root hands each module a logger labelled for it.
///
/// | setting | effect |
/// |---|---|
/// | nothing | nothing is logged |
/// | `--verbose` or `-v` | a readable line per event on stderr, from `info` up |
/// | `VOYAGE_LOG=debug\|info\|warning\|error` | that level and above (with or without `--verbose`) |
/// | `VOYAGE_LOG_FORMAT=text\|json` | readable lines (the default) or one JSON object a line |
/// | `VOYAGE_LOG_FILE=PATH` | appended to PATH instead of stderr (`info` up unless `VOYAGE_LOG` says) |
///
/// Standard output is never written: what scripts read there is the same with or without a log.
public struct AppLogging: Sendable {
  let logger: EventLogger
  private let recorder: LogRecorder?

  /// Logs nothing.
  public static let silent = AppLogging(logger: .disabled)

  private init(logger: EventLogger, recorder: LogRecorder? = nil) {
    self.logger = logger
    self.recorder = recorder
  }

  /// Keeps every event in memory, for a narration that reads the saga's steps back from its
  /// log (the demo's graph, `DemoGraph`).
  static func inMemory() -> AppLogging {
    let recorder = LogRecorder()
    return AppLogging(
      logger: EventLogger(label: "voyage", level: .info, sink: recorder), recorder: recorder)
  }

  /// What the saga's log says of the order `key` since the last call, one phrase a step:
  /// `hold 1.2 ms`, `release`, `charge failed: card_declined`; empty for a log not in memory.
  func sagaSteps(of key: String) -> [String] {
    guard let recorder else { return [] }
    let events = recorder.events.filter {
      $0.label == "checkout" && $0.metadata["order"] == .text(key)
    }
    recorder.clear()
    // A compensation is logged inside the step that failed, before the step's failure; it is
    // told after it, in the order a person reads cause and effect (`charge failed → release`).
    var phrases: [String] = []
    var compensations: [String] = []
    for event in events {
      let step = event.metadata["step"]?.description ?? ""
      let milliseconds = event.metadata["duration_ms"]?.description ?? ""
      switch event.message {
      case "checkout started":
        if let state = event.metadata["resumed_from"] {
          phrases.append("found \(state) in the ledger")
        }
      case "step finished": phrases.append("\(step) \(milliseconds) ms")
      case "step failed":
        phrases.append("\(step) failed: \(event.metadata["error"]?.description ?? "")")
        phrases += compensations
        compensations = []
      case "compensating":
        if let compensation = event.metadata["compensation"] {
          compensations.append(compensation.description)
        }
      default: break
      }
    }
    return phrases + compensations
  }

  /// The log that `environment` and `verbose` ask for, written to `terminal`'s standard error
  /// or to `VOYAGE_LOG_FILE`.
  public init(environment: [String: String], verbose: Bool, terminal: any Terminal)
    throws(AppLoggingError)
  {
    // Set but empty is a mistake to say, not a setting to ignore (the configuration's rule).
    let settings: [EnvironmentVariable] = [.log, .logFormat, .logFile]
    for variable in settings
    where environment[variable.rawValue]?.allSatisfy(\.isWhitespace) == true {
      throw .badSetting("\(variable.rawValue) is set but empty; unset it, or give it a value")
    }
    let named = environment[EnvironmentVariable.log.rawValue]
    let level: LogLevel?
    if let named {
      guard let chosen = LogLevel(rawValue: named.lowercased()) else {
        throw .badSetting(
          "VOYAGE_LOG must be debug, info, warning or error, not '\(named.echoed)'"
        )
      }
      level = chosen
    } else {
      level = nil
    }
    let formatName = environment[EnvironmentVariable.logFormat.rawValue] ?? "text"
    guard let format = LogFormat(rawValue: formatName.lowercased()) else {
      throw .badSetting(
        "VOYAGE_LOG_FORMAT must be text or json, not '\(formatName.echoed)'"
      )
    }
    let file = environment[EnvironmentVariable.logFile.rawValue]
    guard let threshold = level ?? (verbose || file != nil ? .info : nil) else {
      self = .silent
      return
    }
    let write: @Sendable (String) -> Void
    if let file {
      do {
        write = try LogSinksAssembly.appending(toFileAt: file) { problem in
          let theme = terminal.theme(for: .error)
          terminal.line(
            theme.paint("Warning: \(problem.escapingControlCharacters)", .warning), to: .error)
        }
      } catch {
        throw .fileUnavailable(error.description)
      }
    } else {
      write = { terminal.write($0, to: .error) }
    }
    let sink = LogSinksAssembly.sink(
      format, theme: file == nil ? terminal.theme(for: .error) : .plain, write: write)
    // A log meant for collecting (a file several processes may share, JSON lines) says which
    // process wrote each line, so it can be read one process at a time.
    let collected = file != nil || format == .json
    logger = EventLogger(
      label: "voyage", level: threshold, sink: sink,
      metadata: collected
        ? ["process": .integer(Int(ProcessInfo.processInfo.processIdentifier))] : [:])
    recorder = nil
  }

  /// The logger for the part of the app labelled `label`.
  func logger(_ label: String) -> EventLogger {
    logger.labelled(label)
  }
}

/// Why the log could not be set up: a setting that means nothing, or a file that cannot be
/// opened. The command does not run, so nothing is done unlogged that was meant to be logged.
public enum AppLoggingError: Error, Sendable, Equatable {
  /// `VOYAGE_LOG` or `VOYAGE_LOG_FORMAT` has a value it does not accept.
  case badSetting(String)
  /// `VOYAGE_LOG_FILE` cannot be opened for appending.
  case fileUnavailable(String)

  /// One sentence for the error line.
  public var message: String {
    switch self {
    case .badSetting(let message), .fileUnavailable(let message): message
    }
  }
}
