#if canImport(Glibc)
  import Foundation
  import Glibc

  /// A TCP proxy in front of a server's Unix socket that loses an answer the server gave: when
  /// the server sends `marker` (a NOTICE a test's trigger raises, at commit for a deferred one),
  /// the client's connection is cut there, and the server goes on, its answers drained and
  /// dropped. What the client sent was done; the client never hears so.
  public final class AnswerCuttingProxy: Sendable {
    /// The loopback port clients connect to.
    public let port: UInt16
    private let listener: Int32

    /// Listens on a free loopback port and forwards each connection to `socketPath`.
    public init(socketPath: String, marker: String) throws {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      guard listener >= 0 else { throw ClusterFailure(message: "proxy: no socket") }
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
          bind(listener, address, length) == 0 && listen(listener, 16) == 0
            && getsockname(listener, address, &length) == 0
        }
      }
      guard bound else {
        close(listener)
        throw ClusterFailure(message: "proxy: cannot listen on loopback")
      }
      self.listener = listener
      port = UInt16(bigEndian: address.sin_port)
      let markerBytes = Array(marker.utf8)
      Thread {
        while case let client = accept(listener, nil, nil), client >= 0 {
          let server = Self.connect(to: socketPath)
          guard server >= 0 else {
            close(client)
            continue
          }
          Thread { Self.pump(from: client, to: server, cutAt: nil) }.start()
          Thread { Self.pump(from: server, to: client, cutAt: markerBytes) }.start()
        }
      }.start()
    }

    /// Stops accepting connections; those open go on until their ends close.
    public func stop() {
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
    }

    private static func connect(to path: String) -> Int32 {
      let server = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_un()
      address.sun_family = sa_family_t(AF_UNIX)
      withUnsafeMutableBytes(of: &address.sun_path) { buffer in
        for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() {
          buffer[index] = byte
        }
      }
      let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          Glibc.connect(server, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      guard connected == 0 else {
        close(server)
        return -1
      }
      return server
    }

    /// Copies what `source` says to `destination` until either closes. With a marker, the first
    /// read that holds it cuts `destination` instead, and the rest of `source` is drained.
    private static func pump(from source: Int32, to destination: Int32, cutAt marker: [UInt8]?) {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      var cut = false
      while true {
        let count = read(source, &buffer, buffer.count)
        guard count > 0 else { break }
        if cut { continue }
        let chunk = buffer[..<count]
        if let marker, chunk.firstRange(of: marker) != nil {
          cut = true
          shutdown(destination, Int32(SHUT_RDWR))
          continue
        }
        var sent = 0
        while sent < count {
          let written = chunk.withUnsafeBytes { bytes in
            bytes.baseAddress.map { write(destination, $0 + sent, count - sent) } ?? -1
          }
          guard written > 0 else { break }
          sent += written
        }
      }
      shutdown(destination, Int32(SHUT_WR))
    }
  }
#endif
