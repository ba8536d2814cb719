public import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A misbehaving HTTP server on 127.0.0.1 (`misbehaving-http-server.py`), or a port where
/// nothing listens: the faults a live transport meets, played by a real socket.
public final class LoopbackServer {
  /// How the server treats every request it gets.
  public enum Fault: Sendable {
    /// Reads the request and never answers.
    case silent
    /// Sends the headers, then the body one byte every half second.
    case drip
    /// Reads the request, then resets the connection.
    case reset
    /// Reads the request, then closes the connection without a word.
    case close
    /// Answers this status with an empty body.
    case status(Int)
    /// Answers 200 with this body.
    case body(String)
    /// Behaves: answers a GET with the file at its path under this folder, or 404.
    case files(URL)

    var argument: String {
      switch self {
      case .silent: "silent"
      case .drip: "drip"
      case .reset: "reset"
      case .close: "close"
      case .status(let code): "status:\(code)"
      case .body(let text): "body:\(text)"
      case .files(let root): "files:\(root.path)"
      }
    }
  }

  /// Where the server listens, as a base URL for a live transport.
  public let baseURL: URL
  private let process: Process?
  private let input: Pipe?
  /// Ends when the server's process has exited, however early. Its handler is set before the
  /// process starts: Foundation never calls a termination handler set after the exit, so a
  /// server that died before `stop()` would hold its test for ever.
  private let exited: AsyncStream<Void>?
  private var root: URL?

  /// Starts a server that answers every request with `fault`.
  public static func start(_ fault: Fault) async throws -> LoopbackServer {
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("misbehaving-http-server.py")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", script.path, fault.argument]
    let (output, input) = (Pipe(), Pipe())
    process.standardOutput = output
    process.standardInput = input
    process.standardError = FileHandle.nullDevice
    let exited = AsyncStream<Void>.makeStream()
    process.terminationHandler = { _ in exited.continuation.finish() }
    try process.run()
    let port = try await readPort(from: output.fileHandleForReading)
    // The port was all it had to say: its pipe is closed now, not when the server is freed.
    try? output.fileHandleForReading.close()
    return LoopbackServer(
      baseURL: try url(port: port), process: process, input: input, exited: exited.stream)
  }

  /// A well-behaved server whose answers are `files`, by path (`"v1/trips/LIS-001": "{…}"`),
  /// kept in a temporary folder that `stop()` removes.
  public static func serving(_ files: [String: String]) async throws -> LoopbackServer {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-http-\(UUID().uuidString)")
    for (path, contents) in files {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file)
    }
    let server = try await start(.files(root))
    server.root = root
    return server
  }

  /// A port on 127.0.0.1 where nothing listens: every connection is refused before a byte of
  /// the request is sent. The port is bound and closed again, so it was free a moment ago.
  public static func refusingConnections() throws -> LoopbackServer {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
      }
    }
    guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
    return LoopbackServer(
      baseURL: try url(port: Int(UInt16(bigEndian: address.sin_port))), process: nil, input: nil,
      exited: nil)
  }

  private init(baseURL: URL, process: Process?, input: Pipe?, exited: AsyncStream<Void>?) {
    self.baseURL = baseURL
    self.process = process
    self.input = input
    self.exited = exited
  }

  /// Stops the server, unless it has already exited, and waits for its exit as the termination
  /// handler set at its start reports it, so no thread blocks in `waitUntilExit()`. SIGKILL,
  /// not SIGTERM: the child inherits the test runner's signal mask, in which SIGTERM may be
  /// blocked. (A server whose test died exits when its standard input closes.)
  public func stop() async {
    guard let process, let exited else { return }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    await Self.waitFor(exited)
    try? input?.fileHandleForWriting.close()
    if let root { try? FileManager.default.removeItem(at: root) }
  }

  private static func url(port: Int) throws -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
    return url
  }

  /// Closes the server's standard input, so the server exits by itself, as when the test that
  /// started it is gone, and waits until it has.
  func closeInputAndWaitForExit() async {
    try? input?.fileHandleForWriting.close()
    if let exited { await Self.waitFor(exited) }
  }

  private static func waitFor(_ exited: AsyncStream<Void>) async {
    for await _ in exited {}
  }

  /// Reads the "port N" line on a thread of its own: outside the cooperative pool, and outside
  /// Dispatch's global queues, whose few threads on Linux a blocking read would hold.
  private static func readPort(from handle: FileHandle) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      Thread {
        var text = ""
        while true {
          let chunk = handle.availableData
          guard !chunk.isEmpty else {
            continuation.resume(throwing: CocoaError(.fileReadUnknown))
            return
          }
          text += String(decoding: chunk, as: UTF8.self)
          if let port = port(in: text) {
            continuation.resume(returning: port)
            return
          }
        }
      }.start()
    }
  }

  /// The port in `text`, the server's output so far, once its line `port N` has ended. The pipe
  /// is closed as soon as the port is read, and a server still writing into it dies of that
  /// (`BrokenPipeError`): a port taken before the line's end left servers that were gone before
  /// their first request, which met a reset or a refused connection.
  static func port(in text: String) -> Int? {
    guard let end = text.lastIndex(of: "\n") else { return nil }
    for line in text[..<end].split(separator: "\n") where line.hasPrefix("port ") {
      if let port = Int(line.dropFirst("port ".count)) { return port }
    }
    return nil
  }
}
