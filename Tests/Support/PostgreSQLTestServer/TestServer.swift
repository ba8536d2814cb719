import Foundation
public import Testing

/// The PostgreSQL server these tests run against: `VOYAGE_TEST_DATABASE_URL`, which
/// `Scripts/start-postgres.sh` prints (as `VOYAGE_DATABASE_URL`) and `.ci/run` exports. Without
/// it the suites are skipped, and say so; in CI (`CI=true`) they run anyway and fail, so a CI
/// run never passes by testing nothing.
public enum TestServer {
  /// `VOYAGE_TEST_DATABASE_URL`, or `nil` when it is unset or empty.
  public static let connectionString = ProcessInfo.processInfo.environment[
    "VOYAGE_TEST_DATABASE_URL"
  ]
  .flatMap { $0.isEmpty ? nil : $0 }

  /// Whether the suites run: a server is named, or CI requires one.
  public static let runs =
    connectionString != nil || ProcessInfo.processInfo.environment["CI"] == "true"

  /// Why they are skipped, as Swift Testing prints it.
  public static let skipped: Comment =
    "no PostgreSQL server: set VOYAGE_TEST_DATABASE_URL (Scripts/start-postgres.sh starts one)"

  /// The server's connection string, or a failure that says CI needs one.
  public static func url() throws -> String {
    try #require(
      connectionString, "CI=true but VOYAGE_TEST_DATABASE_URL is not set: CI must run these")
  }

  /// A schema of its own for one test, so tests sharing a database never see each other's rows.
  public static func freshSchema() -> String {
    "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }
}

extension TestServer {
  /// The server's URL, working in `schema` (libpq's `options`, as a person could write it).
  public static func url(in schema: String) throws -> String {
    let url = try url()
    let option = "options=-csearch_path%3D\(schema)"
    guard url.contains("://") else { return url + " options=-csearch_path=\(schema)" }
    return url + (url.contains("?") ? "&" : "?") + option
  }
}
