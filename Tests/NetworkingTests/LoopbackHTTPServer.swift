import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A real HTTP server on 127.0.0.1 for tests of the live transport: Python's `http.server`,
/// which every machine with CPython has, serving the files of a temporary folder. It is started
/// with port 0 and reports the port it bound, which `start` reads before returning.
final class LoopbackHTTPServer {
  let root: URL
  let baseURL: URL
  private let process: Process

  static func start(files: [String: String]) async throws -> LoopbackHTTPServer {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-http-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    for (path, contents) in files {
      let file = root.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(contents.utf8).write(to: file)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-u", "-m", "http.server", "--bind", "127.0.0.1", "0"]
    process.currentDirectoryURL = root
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let port = try await readPort(from: output.fileHandleForReading)
    guard let baseURL = URL(string: "http://127.0.0.1:\(port)") else {
      throw CocoaError(.fileReadCorruptFile)
    }
    return LoopbackHTTPServer(root: root, baseURL: baseURL, process: process)
  }

  private init(root: URL, baseURL: URL, process: Process) {
    self.root = root
    self.baseURL = baseURL
    self.process = process
  }

  /// Stops the server and waits for it to exit through the termination handler, so no thread of
  /// the cooperative pool blocks in `waitUntilExit()`, then removes its files.
  func stop() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      process.terminationHandler = { _ in continuation.resume() }
      // SIGKILL, not `terminate()`'s SIGTERM: the child inherits the test runner's signal mask,
      // in which SIGTERM may be blocked.
      kill(process.processIdentifier, SIGKILL)
    }
    try? FileManager.default.removeItem(at: root)
  }

  /// Reads the "Serving HTTP on 127.0.0.1 port N" line; blocking reads run off the cooperative pool.
  private static func readPort(from handle: FileHandle) async throws -> Int {
    try await withCheckedThrowingContinuation { continuation in
      DispatchQueue.global().async {
        var text = ""
        while true {
          let chunk = handle.availableData
          guard !chunk.isEmpty else {
            continuation.resume(throwing: CocoaError(.fileReadUnknown))
            return
          }
          text += String(decoding: chunk, as: UTF8.self)
          if let range = text.range(of: #"port (\d+)"#, options: .regularExpression),
            let port = Int(text[range].dropFirst(5))
          {
            continuation.resume(returning: port)
            return
          }
        }
      }
    }
  }
}
