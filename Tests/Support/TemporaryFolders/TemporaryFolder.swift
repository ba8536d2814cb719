public import Foundation

/// A folder of one test's own under the system's temporary directory, removed with everything in
/// it when the last reference to it goes: a suite keeps one as a stored property, so the folder
/// lives exactly as long as the test that uses it and no run leaves folders behind.
public final class TemporaryFolder: Sendable {
  /// Where the folder is: `voyage-<purpose>-<UUID>` under the temporary directory.
  public let url: URL

  /// Names a new folder for `purpose` without creating it, for code under test that must create
  /// its home itself; whatever ends up there is removed all the same.
  public init(_ purpose: String) {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("voyage-\(purpose)-\(UUID().uuidString)")
  }

  /// Creates a new, empty folder for `purpose`.
  public static func created(_ purpose: String) throws -> TemporaryFolder {
    let folder = TemporaryFolder(purpose)
    try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
    return folder
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Runs `body` with a new, empty folder for `purpose` and removes the folder when `body` returns
/// or throws, for a folder a single function needs (a local `TemporaryFolder` could be freed
/// before the function's last use of its URL).
public func withTemporaryFolder<Value>(
  _ purpose: String, _ body: (URL) throws -> Value
) throws -> Value {
  let folder = try TemporaryFolder.created(purpose)
  return try withExtendedLifetime(folder) { try body(folder.url) }
}

/// Runs `body` with a new, empty folder for `purpose` and removes the folder when `body` returns
/// or throws: the asynchronous form of `withTemporaryFolder(_:_:)`.
public func withTemporaryFolder<Value>(
  _ purpose: String, isolation: isolated (any Actor)? = #isolation,
  _ body: (URL) async throws -> Value
) async throws -> Value {
  let folder = try TemporaryFolder.created(purpose)
  defer { withExtendedLifetime(folder) {} }
  return try await body(folder.url)
}
