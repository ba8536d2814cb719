import Foundation
import Subprocesses

/// A PostgreSQL cluster of one test's own, started by `Scripts/start-postgres.sh`, for what the
/// shared server must never do: restart under the connections of the tests running beside it,
/// or run out of disk.
public struct ThrowawayCluster: Sendable {
  /// The libpq URI of its `voyage` database.
  public let url: String
  private let folder: String

  /// Whether PostgreSQL's server programs are installed here (`initdb`), or CI requires them.
  public static let canStart =
    FileManager.default.fileExists(atPath: "/usr/lib/postgresql")
    || ProcessInfo.processInfo.environment["CI"] == "true"

  /// Starts a cluster (about a second) in `folder`, or in a new temporary folder.
  public static func start(in folder: String? = nil) async throws -> ThrowawayCluster {
    let folder =
      folder
      ?? FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-cluster-\(UUID().uuidString.prefix(8))").path
    let printed = try await script([folder])
    guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("export ") }),
      let url = line.split(separator: "'").dropFirst().first
    else { throw ClusterFailure(message: "start-postgres.sh printed no URL: \(printed)") }
    return ThrowawayCluster(url: String(url), folder: folder)
  }

  /// Restarts the server (a fast shutdown): every connection open to it is cut.
  public func restart() async throws {
    _ = try await Self.script(["--restart", folder])
  }

  /// Makes every connection give a password (SCRAM), as a server reached over a network does;
  /// connections already open stay open. Give the roles their passwords first.
  public func requirePasswords() throws {
    try Data("local all all scram-sha-256\n".utf8).write(
      to: URL(fileURLWithPath: folder + "/data/pg_hba.conf"))
    try signalServer(SIGHUP, postmasterOnly: true)
  }

  /// Freezes the server as SIGSTOP does to a machine that stops answering: the postmaster and
  /// every process it started stop where they are, their sockets open and silent.
  public func freeze() throws {
    try signalServer(SIGSTOP)
  }

  /// Lets a frozen server run again (SIGCONT).
  public func thaw() throws {
    try signalServer(SIGCONT)
  }

  /// Sends `signal` to the postmaster (first, so it starts nothing new) and its children.
  private func signalServer(_ signal: Int32, postmasterOnly: Bool = false) throws {
    let pidFile = try String(contentsOfFile: folder + "/data/postmaster.pid", encoding: .utf8)
    guard let postmaster = pidFile.split(separator: "\n").first.flatMap({ Int32($0) }) else {
      throw ClusterFailure(message: "no postmaster.pid in \(folder)")
    }
    kill(postmaster, signal)
    guard !postmasterOnly else { return }
    for entry in try FileManager.default.contentsOfDirectory(atPath: "/proc") {
      guard let pid = Int32(entry),
        let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8),
        status.split(separator: "\n").contains("PPid:\t\(postmaster)")
      else { continue }
      kill(pid, signal)
    }
  }

  /// Stops the server and deletes its folder.
  public func stop() async throws {
    _ = try await Self.script(["--stop", folder])
  }

  /// Runs the script with `arguments`; returns what it printed on its standard output.
  private static func script(_ arguments: [String]) async throws -> String {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let outcome = try await Subprocess.run(
      "/bin/bash", [root.appendingPathComponent("Scripts/start-postgres.sh").path] + arguments)
    guard outcome.status == 0 else {
      throw ClusterFailure(
        message: "start-postgres.sh \(arguments[0]) exited \(outcome.status): \(outcome.error)")
    }
    return outcome.output
  }
}

/// What went wrong starting, restarting or stopping a throwaway cluster.
public struct ClusterFailure: Error, CustomStringConvertible {
  /// The script's own words.
  public let description: String

  init(message: String) { description = message }
}
