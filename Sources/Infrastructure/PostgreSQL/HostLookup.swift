import Foundation

/// One lookup of a host name's addresses, made by Voyage so that it waits for them under the
/// call's deadline and stops waiting at once when its task is cancelled. libpq would call
/// `getaddrinfo` itself, inside `PQconnectStartParams`, where nothing can bound or stop it: a
/// name server that never answers held the connection for as long as the system resolver's own
/// timeouts (10 to 30 s), whatever the deadline.
///
/// `getaddrinfo` runs on a thread of its own and writes its answer into a pipe, whose read end
/// the connection's thread polls beside its interruption pipe (``InterruptibleWait``). A lookup
/// given up goes on until the resolver returns, then writes into its own pipe, which nobody
/// reads: every lookup has a pipe of its own, so an answer never reaches a later lookup, and
/// nothing is shared but the pipe (no lock). The thread is detached, so one still waiting does
/// not keep the process from exiting. (glibc's `getaddrinfo_a` would not do better:
/// `gai_cancel` cannot stop a lookup already under way either, it exists on glibc alone, and it
/// tells its end by a signal or a thread of its own, not by a descriptor to poll.)
final class HostLookup {
  /// What the resolver said about a name.
  enum Answer: Sendable, Equatable {
    /// The name's addresses in numeric form, in the resolver's order, each once.
    case addresses([String])
    /// Why the name has none, in the resolver's words (`gai_strerror`).
    case failed(reason: String)
  }

  /// How a wait for the answer ended.
  enum Outcome: Sendable, Equatable {
    case answered(Answer)
    /// The deadline came first; the lookup goes on, unread.
    case deadlinePassed
    /// The waiting task was cancelled; the lookup goes on, unread.
    case interrupted
  }

  /// The name looked up.
  let name: String
  private let pipe: AnswerPipe
  /// What has come of the answer so far: a wait that ends early keeps it for the next.
  private var received: [UInt8] = []

  /// Starts looking `name` up with `resolve` (the system's resolver; a test gives its own) on a
  /// thread of its own.
  init(_ name: String, resolve: @escaping @Sendable (String) -> Answer = HostLookup.system) {
    self.name = name
    let pipe = AnswerPipe()
    self.pipe = pipe
    let thread = Thread {
      // The thread holds the pipe until it has written, so its read end is still open (no
      // SIGPIPE) however early the waiter gave up.
      pipe.deliver(Self.encoded(resolve(name)))
    }
    thread.name = "voyage.server-database.lookup"
    thread.start()
  }

  /// Waits for the answer until `deadline`, or until `wait` is interrupted; a wait that ended
  /// so may be followed by another, for the same answer.
  func answer(on wait: InterruptibleWait, until deadline: ContinuousClock.Instant) -> Outcome {
    guard pipe.readEnd >= 0 else {
      return .answered(.failed(reason: "no pipe for the lookup (too many open files)"))
    }
    var chunk = [UInt8](repeating: 0, count: 512)
    while received.last != Self.end {
      switch wait.socket(pipe.readEnd, ready: Int16(POLLIN), until: deadline) {
      case .deadlinePassed: return .deadlinePassed
      case .interrupted: return .interrupted
      case .ready: break
      }
      let count = read(pipe.readEnd, &chunk, chunk.count)
      if count > 0 { received += chunk[..<count] }  // else EAGAIN or EINTR: poll again
    }
    return .answered(Self.decoded(received.dropLast()))
  }

  // MARK: - The answer on the wire

  /// The byte that ends an answer: it holds none (names, addresses and reasons are text).
  private static let end: UInt8 = 0

  /// `A` and the addresses one a line, or `F` and the reason; then ``end``.
  private static func encoded(_ answer: Answer) -> [UInt8] {
    let text =
      switch answer {
      case .addresses(let addresses): "A" + addresses.joined(separator: "\n")
      case .failed(let reason): "F" + reason
      }
    return Array(text.utf8).filter { $0 != end } + [end]
  }

  private static func decoded(_ bytes: ArraySlice<UInt8>) -> Answer {
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    guard bytes.first == UInt8(ascii: "A") else { return .failed(reason: text) }
    return .addresses(text.split(separator: "\n").map(String.init))
  }

  // MARK: - The system's resolver

  /// `name`'s addresses as libpq would look them up (`getaddrinfo` for stream sockets of any
  /// family), each made numeric (`getnameinfo`), in the resolver's order.
  static func system(_ name: String) -> Answer {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(name, nil, &hints, &found)
    guard status == 0 else { return .failed(reason: String(cString: gai_strerror(status))) }
    defer { freeaddrinfo(found) }
    var addresses: [String] = []
    var next = found
    while let entry = next {
      next = entry.pointee.ai_next
      var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
      guard
        getnameinfo(
          entry.pointee.ai_addr, entry.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0,
          NI_NUMERICHOST) == 0
      else { continue }
      let address = String(decoding: text.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
      if !addresses.contains(address) { addresses.append(address) }
    }
    guard !addresses.isEmpty else { return .failed(reason: "no address of a usable family") }
    return .addresses(addresses)
  }
}

/// The pipe one lookup answers through, closed when both the waiter and the lookup's thread have
/// let it go. Only its read end is non-blocking: the writer writes a few hundred bytes into a
/// pipe that holds 64 KB.
private final class AnswerPipe: Sendable {
  let readEnd: Int32
  private let writeEnd: Int32

  init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    }
    readEnd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    if readEnd >= 0 { close(readEnd) }
    if writeEnd >= 0 { close(writeEnd) }
  }

  /// Writes all of `bytes` into the pipe.
  func deliver(_ bytes: [UInt8]) {
    guard writeEnd >= 0 else { return }
    var written = 0
    while written < bytes.count {
      let count = bytes[written...].withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      if count > 0 {
        written += count
      } else if count < 0, errno != EINTR {
        return
      }
    }
  }
}
