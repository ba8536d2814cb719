import Foundation

func load() async throws {
  _ = try await URLSession.shared.data(from: URL(string: "https://example.invalid")!)
}
