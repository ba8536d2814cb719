import DesignSystem
import Synchronization

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
  public var description: String { "cannot open the log file \(path.echoed): \(reason)" }
}

/// A file opened once for appending, each line written with one `write(2)`: with `O_APPEND`, the
/// lines of several processes logging to the same file never interleave within a line.
///
/// A line is written whole or not at all: a write the disk cuts short is taken back (the file
/// truncated to where the line began, when no other process wrote after it), so a reader never
/// meets a torn JSON line. The first line that cannot be written is reported once, through
/// `failed`; the work the log describes goes on.
final class AppendOnlyFile: Sendable {
  private let descriptor: Int32
  private let path: String
  private let failed: @Sendable (String) -> Void
  private let reported = Atomic<Bool>(false)

  init(path: String, failed: @escaping @Sendable (String) -> Void) throws(LogFileError) {
    descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      throw LogFileError(path: path, reason: String(cString: strerror(errno)))
    }
    self.path = path
    self.failed = failed
  }

  deinit {
    close(descriptor)
  }

  /// Appends `line` whole, or nothing of it.
  func append(_ line: String) {
    let bytes = Array(line.utf8)
    let written = bytes.withUnsafeBytes { buffer -> Int in
      guard let start = buffer.baseAddress else { return 0 }
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, start + offset, buffer.count - offset)
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { break }
        offset += count
      }
      return offset
    }
    guard written < bytes.count else { return }
    let reason = String(cString: strerror(errno))
    if written > 0 { takeBack(written) }
    guard !reported.exchange(true, ordering: .relaxed) else { return }
    failed("the log file \(path) cannot be written (\(reason)); what follows is not logged there")
  }

  /// Removes the `count` bytes this process just appended, if they are still the file's end.
  private func takeBack(_ count: Int) {
    let end = lseek(descriptor, 0, SEEK_CUR)
    var status = stat()
    guard end >= count, fstat(descriptor, &status) == 0, status.st_size == end else { return }
    _ = ftruncate(descriptor, end - off_t(count))
  }
}
