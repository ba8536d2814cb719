public import Foundation

/// Where the app is, and where it goes next. Every feature output is turned into the next
/// route here (each feature's part, `AppRouter.next(after:)`, sits in its
/// `AppGraph+<Feature>.swift`), and every link is turned into a route by the handlers the
/// features contribute (``AppGraph``'s `wirings`). A front moves only through the router: it
/// shows ``route`` and never decides which screen follows which.
@MainActor
public final class AppRouter {
  /// The screen the app is on.
  public private(set) var route: AppRoute = .search

  /// A router on the search screen.
  init() {}

  /// Goes to `route`: a front starting over, or opening a link.
  public func open(_ route: AppRoute) {
    self.route = route
  }

  /// Follows a feature output: `next` is where it leads, `nil` when it leads nowhere new (the
  /// app stays on its screen).
  func follow(_ next: AppRoute?) {
    if let next { route = next }
  }

  /// The route a link names, asking each feature's handler; `nil` when no feature opens it.
  public nonisolated static func route(for link: String) -> AppRoute? {
    guard let url = URL(string: link) else { return nil }
    for wiring in AppGraph.wirings {
      if let route = wiring.route(for: url) { return route }
    }
    return nil
  }

  /// The link that opens `route`, from the feature whose screen it is; `nil` when no feature
  /// links to it.
  public nonisolated static func link(to route: AppRoute) -> URL? {
    for wiring in AppGraph.wirings {
      if let link = wiring.link(to: route) { return link }
    }
    return nil
  }

  /// One link of each feature that has links, for help texts and for the error that names a
  /// link no feature opens.
  public nonisolated static var exampleLinks: [String] {
    AppGraph.wirings.compactMap { wiring in wiring.exampleLink }
  }
}
