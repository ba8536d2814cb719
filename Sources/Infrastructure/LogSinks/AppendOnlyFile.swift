#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why a log file could not be opened.
public struct LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file.
  public let path: String
  /// What the system said.
  public let reason: String

  /// A sentence naming the file and the reason.
  public var description: String { "cannot open the log file \(path): \(reason)" }
}

/// A file opened once for appending, each line written with one `write(2)`: with `O_APPEND`, the
/// lines of several processes logging to the same file never interleave within a line.
final class AppendOnlyFile: Sendable {
  private let descriptor: Int32

  init(path: String) throws(LogFileError) {
    descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw LogFileError(path: path, reason: String(cString: strerror(errno)))
    }
  }

  deinit {
    close(descriptor)
  }

  /// Appends `line`; a failed or short write drops the rest of it.
  func append(_ line: String) {
    let bytes = Array(line.utf8)
    bytes.withUnsafeBytes { buffer in
      guard let start = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = write(descriptor, start + offset, buffer.count - offset)
        guard written > 0 else { return }
        offset += written
      }
    }
  }
}
