public import DesignSystem
public import EventLog

/// How events are written: one readable line each, or one JSON object each.
public enum LogFormat: String, Sendable, CaseIterable {
  /// A line a person reads: time since start, level, who, what, then `key=value` pairs.
  case text
  /// One JSON object a line, with the keys "Using Voyage" documents, for scripts and collectors.
  case json
}

/// The module's one door: the sinks the composition root chooses from. A fork that adopts
/// swift-log replaces this module with one whose sink hands events to swift-log's `Logger`.
public enum LogSinksAssembly {
  /// A sink that writes each event in `format` as one line through `write` (the terminal's
  /// standard error, or a log file's writer). `theme` colours text lines; JSON is never coloured.
  public static func sink(
    _ format: LogFormat, theme: TerminalTheme, write: @escaping @Sendable (String) -> Void
  ) -> any LogSink {
    switch format {
    case .text: TextLogSink(theme: theme, write: write)
    case .json: JSONLinesLogSink(write: write)
    }
  }

  /// A writer that appends lines to the file at `path`, created (readable by its owner only) if
  /// missing. A line that cannot be written (a full disk) is dropped whole, never torn, and the
  /// first one is reported once through `failed` (a sentence naming the file and the reason):
  /// the log never stops the work it describes.
  public static func appending(
    toFileAt path: String, failed: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(LogFileError) -> @Sendable (String) -> Void {
    let file = try AppendOnlyFile(path: path, failed: failed)
    return { file.append($0) }
  }
}
