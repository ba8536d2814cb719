import Foundation

/// TrackKit: send product events to the vendor's dashboard.
///
/// This stand-in writes each event as one JSON line to `trackkit-events.jsonl` in the folder
/// given to `configure(apiKey:folder:)`, which is what the real SDK would queue and upload.
public final class TrackKit {
  /// The one tracker of the process.
  public static let shared = TrackKit()

  private var apiKey: String?
  private var folder: URL?
  private var sequence = 0
  private let lock = NSLock()

  private init() {}

  /// Starts tracking with the app's key; events sent before this are dropped.
  public func configure(apiKey: String, folder: URL) {
    lock.lock()
    defer { lock.unlock() }
    self.apiKey = apiKey
    self.folder = folder
  }

  /// Whether `configure` was called.
  public var isConfigured: Bool {
    lock.lock()
    defer { lock.unlock() }
    return apiKey != nil
  }

  /// Records one event with its properties.
  public func track(_ event: String, properties: [String: String] = [:]) {
    lock.lock()
    defer { lock.unlock() }
    guard let folder, apiKey != nil else { return }
    sequence += 1
    var record = properties
    record["event"] = event
    record["sequence"] = String(sequence)
    guard let data = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
    else { return }
    let file = folder.appendingPathComponent("trackkit-events.jsonl")
    if let handle = try? FileHandle(forWritingTo: file) {
      handle.seekToEndOfFile()
      handle.write(data + Data("\n".utf8))
      try? handle.close()
    } else {
      try? (data + Data("\n".utf8)).write(to: file)
    }
  }

  /// Records that a screen was shown.
  public func screen(_ name: String) {
    track("screen_viewed", properties: ["screen": name])
  }

  /// Records an error the app met.
  public func error(_ domain: String, code: String) {
    track("error", properties: ["domain": domain, "code": code])
  }
}
