import Foundation

/// The repository this test target lives in.
let repositoryRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A fresh temporary folder that the caller removes (`defer`); a folder that must go with the
/// test whatever happens is a `TemporaryFolder` or `withTemporaryFolder(_:_:)`.
func makeTemporaryFolder(_ purpose: String) throws -> URL {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("voyage-\(purpose)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}
