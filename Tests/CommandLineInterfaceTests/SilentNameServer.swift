import Foundation
import Subprocesses
import Testing

/// A name server that hears every query and answers none: a UDP socket on a loopback address of
/// its own (127.x.y.z, port 53), named by a `resolv.conf` of its own. A program runs with it
/// inside a mount namespace of its own, where that file is bound over `/etc/resolv.conf`, so the
/// machine's resolver is never touched. The file asks the resolver to wait 30 s, five times (the
/// most glibc allows), so only the program's own deadline or a signal ends a lookup within a
/// test's time limit.
///
/// It needs root (port 53, `mount`) and a kernel that lets `unshare --mount` make a namespace;
/// where either is missing its tests are skipped and say why, except in CI (`CI=true`), where
/// they run and fail.
final class SilentNameServer: Sendable {
  /// Where `unshare` (util-linux) is.
  static let unshare = URL(fileURLWithPath: "/usr/bin/unshare")

  /// Why the tests are skipped, as Swift Testing prints it.
  static let skipped: Comment =
    "needs root and `unshare --mount` (a mount namespace) to give voyage a name server of its own"

  /// Whether the tests run here: the machine permits it, or CI requires it.
  static func runs() async -> Bool {
    ProcessInfo.processInfo.environment["CI"] == "true" ? true : await isPermitted()
  }

  /// Fails the test, saying why, when the machine does not permit it (only CI gets this far).
  static func requirePermission() async throws {
    try #require(await isPermitted(), "CI=true, but this machine cannot run it: \(skipped)")
  }

  private static func isPermitted() async -> Bool {
    guard getuid() == 0, FileManager.default.isExecutableFile(atPath: unshare.path) else {
      return false
    }
    let probe = try? await Subprocess.run(
      unshare.path,
      [
        "--mount", "--propagation", "private", "mount", "--bind", "/etc/resolv.conf",
        "/etc/resolv.conf",
      ])
    return probe?.status == 0
  }

  /// The `resolv.conf` that names this server.
  let configuration: URL
  private let address: String
  private let listening: Int32

  /// Listens on a free loopback address and writes its `resolv.conf` into `folder`.
  init(in folder: URL) throws {
    let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var bound: String?
    for _ in 0..<16 where bound == nil {
      let candidate =
        "127.\(Int.random(in: 100...199)).\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"
      var address = Self.socketAddress(candidate)
      let status = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      if status == 0 { bound = candidate }
    }
    guard let bound else {
      close(descriptor)
      throw POSIXError(.EADDRINUSE)
    }
    listening = descriptor
    address = bound
    configuration = folder.appendingPathComponent("resolv.conf")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data("nameserver \(bound)\noptions timeout:30 attempts:5\n".utf8).write(to: configuration)
  }

  deinit {
    close(listening)
  }

  /// `unshare`'s arguments that run `executable` with `arguments` in a mount namespace of its
  /// own, whose `/etc/resolv.conf` names this server. The shell replaces itself with the
  /// program, so the process `unshare` started is the program.
  func isolating(_ executable: URL, _ arguments: [String]) -> [String] {
    [
      "--mount", "--propagation", "private", "sh", "-c",
      #"mount --bind "$0" /etc/resolv.conf && exec "$@""#, configuration.path, executable.path,
    ] + arguments
  }

  /// Waits, on a thread of its own, for the next datagram: `true` for a query, `false` for the
  /// empty one ``wake()`` sends.
  func nextQuery() async -> Bool {
    let listening = listening
    return await withCheckedContinuation { continuation in
      Thread {
        var bytes = [UInt8](repeating: 0, count: 512)
        var received = -1
        repeat {
          received = recv(listening, &bytes, bytes.count, 0)
        } while received < 0
          && errno == EINTR
        continuation.resume(returning: received > 0)
      }.start()
    }
  }

  /// Ends a wait in ``nextQuery()``: for a program that ended before it asked anything.
  func wake() {
    var address = Self.socketAddress(address)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        sendto(listening, nil, 0, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  private static func socketAddress(_ address: String) -> sockaddr_in {
    var socketAddress = sockaddr_in()
    socketAddress.sin_family = sa_family_t(AF_INET)
    socketAddress.sin_port = in_port_t(53).bigEndian
    socketAddress.sin_addr.s_addr = inet_addr(address)
    return socketAddress
  }
}
