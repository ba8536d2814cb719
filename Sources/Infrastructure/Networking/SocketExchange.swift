import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One request and its answer over one TCP connection, on the calling thread, every wait a
/// `poll(2)` bounded by the deadline and woken by a cancellation. What can fail, and what it
/// means for the server, is decided here: before the first byte left, `notSent`; after it, a
/// broken or closed connection is `transportFailed` (the server may have acted); the deadline
/// is `timedOut`.
struct SocketExchange {
  let target: HTTPTarget
  let deadline: ContinuousClock.Instant
  let cancellation: CancellationPipe

  func run() throws -> TransportResponse {
    let socket = try connect()
    defer { _ = close(socket) }
    try sendAll(target.bytes, to: socket)
    return try receive(from: socket)
  }

  // MARK: - Connecting

  private func connect() throws -> Int32 {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(target.host, String(target.port), &hints, &found)
    guard status == 0, let first = found else {
      throw HTTPError.notSent(reason: "cannot resolve \(target.host)")
    }
    defer { freeaddrinfo(first) }
    var reason = "no address for \(target.host)"
    var next: UnsafeMutablePointer<addrinfo>? = first
    while let address = next {
      next = address.pointee.ai_next
      let socket = openSocket(
        address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
      guard socket >= 0 else { continue }
      _ = fcntl(socket, F_SETFL, fcntl(socket, F_GETFL) | O_NONBLOCK)
      if connectSocket(socket, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
        return socket
      }
      let pending = errno == EINPROGRESS
      let ready: Bool
      do {
        ready = try pending && wait(for: Int16(POLLOUT), on: socket, notSentYet: true)
      } catch {
        _ = close(socket)
        throw error
      }
      if ready {
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(socket, SOL_SOCKET, SO_ERROR, &error, &length)
        if error == 0 { return socket }
        reason = String(cString: strerror(error))
      } else {
        reason = String(cString: strerror(errno))
      }
      _ = close(socket)
    }
    throw HTTPError.notSent(reason: "could not connect to \(target.host):\(target.port): \(reason)")
  }

  // MARK: - Sending and receiving

  private func sendAll(_ bytes: [UInt8], to socket: Int32) throws {
    var sent = 0
    while sent < bytes.count {
      let written = bytes[sent...].withUnsafeBytes { buffer in
        sendWithoutSignal(socket, buffer.baseAddress, buffer.count)
      }
      if written > 0 {
        sent += written
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        _ = try wait(for: Int16(POLLOUT), on: socket, notSentYet: sent == 0)
      } else {
        let reason = String(cString: strerror(errno))
        throw sent == 0
          ? HTTPError.notSent(reason: reason) : HTTPError.transportFailed(reason: reason)
      }
    }
  }

  private func receive(from socket: Int32) throws -> TransportResponse {
    var parser = HTTPResponseParser()
    var buffer = [UInt8](repeating: 0, count: 16_384)
    while true {
      if let response = try parser.response(atEndOfStream: false) { return response }
      let count = buffer.withUnsafeMutableBytes { read(socket, $0.baseAddress, $0.count) }
      if count > 0 {
        parser.append(buffer[0..<count])
      } else if count == 0 {
        if let response = try parser.response(atEndOfStream: true) { return response }
        throw HTTPError.transportFailed(reason: "the connection closed before the whole answer")
      } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
        _ = try wait(for: Int16(POLLIN), on: socket, notSentYet: false)
      } else {
        throw HTTPError.transportFailed(reason: String(cString: strerror(errno)))
      }
    }
  }

  // MARK: - Waiting

  /// Waits until `socket` is ready for `events`, the deadline passes or the task is cancelled.
  /// Returns whether the socket is ready.
  private func wait(for events: Int16, on socket: Int32, notSentYet: Bool) throws -> Bool {
    while true {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else {
        throw notSentYet
          ? HTTPError.notSent(reason: "no connection within the deadline")
          : HTTPError.timedOut
      }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = min(seconds * 1_000 + attoseconds / 1_000_000_000_000_000 + 1, 60_000)
      var watched = [
        pollfd(fd: socket, events: events, revents: 0),
        pollfd(fd: cancellation.readEnd, events: Int16(POLLIN), revents: 0),
      ]
      let ready = poll(&watched, 2, Int32(milliseconds))
      if ready < 0 {
        guard errno == EINTR else {
          throw HTTPError.transportFailed(reason: String(cString: strerror(errno)))
        }
        continue
      }
      if watched[1].revents != 0 { throw CancellationError() }
      if watched[0].revents != 0 { return true }
    }
  }
}

// The C calls under other names: inside `SocketExchange`, whose methods share their names, the
// unqualified names would mean the methods.
private func openSocket(_ family: Int32, _ type: Int32, _ protocolNumber: Int32) -> Int32 {
  socket(family, type, protocolNumber)
}

private func connectSocket(
  _ socket: Int32, _ address: UnsafePointer<sockaddr>?, _ length: socklen_t
) -> Int32 {
  connect(socket, address, length)
}

/// `send(2)` that reports a closed peer as `EPIPE` instead of killing the process with SIGPIPE.
private func sendWithoutSignal(_ socket: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  #if canImport(Glibc)
    send(socket, bytes, count, Int32(MSG_NOSIGNAL))
  #else
    send(socket, bytes, count, 0)
  #endif
}
