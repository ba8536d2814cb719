// APIClient in a comment is not a use, "APIClient" in a string neither.
struct SearchView {
  let client = APIClient()
  let title = "APIClient"

  func render() -> String { client.trips().map(formatted).joined(separator: "\n") }

  /// What the index cannot see: a Networking method reached through a model's property names
  /// no Networking declaration.
  func renderThroughTheModel() -> String { Trip.loader.trips().map(formatted).joined() }
}
