struct Screen {
  /// A member called like a Networking type, reached through `.`, is not a use of it.
  let view = SearchView()
  func show() -> String { view.render() }
}
