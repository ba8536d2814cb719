import Foundation
import ViewModels

/// Records what people do, for the product team.
@MainActor
public final class Analytics {
  public static let shared = Analytics()

  public private(set) var events: [String] = []
  private var checkoutObserver: (any NSObjectProtocol)?

  private init() {
    checkoutObserver = NotificationCenter.default.addObserver(
      forName: Notification.Name("checkoutDidFinish"), object: nil, queue: nil
    ) { notification in
      let tripID = notification.userInfo?["tripID"] as? String ?? "unknown"
      let places = notification.userInfo?["places"] as? Int ?? 0
      MainActor.assumeIsolated {
        Analytics.shared.events.append("checkout_completed \(tripID) places=\(places)")
      }
    }
  }

  /// Records that a screen was shown.
  public func track(screen: AnyObject) {
    let name =
      switch screen {
      case is SearchViewModel: "search"
      case is CheckoutViewModel: "checkout"
      default: "unknown"
      }
    events.append("screen_viewed \(name)")
  }

  /// Forgets every event.
  public func reset() {
    events.removeAll()
  }
}
