import Foundation
import TrackKit

/// Something the app shows: it writes itself to the console.
public protocol Screen {
  /// The name analytics knows the screen by.
  var name: String { get }
  /// Writes the screen; returns the exit status the command ends with.
  func render() -> Int32
}

extension Screen {
  /// Tells analytics the screen was shown, then writes it.
  public func show() -> Int32 {
    TrackKit.shared.screen(name)
    return render()
  }

  /// Writes an error's message, in the user's language, to the error stream.
  func report(_ error: RoamError) -> Int32 {
    Console.current.error(L10n.text("error.prefix") + " " + L10n.message(for: error))
    return error.exitStatus
  }

  /// `★ 4.3`.
  func stars(_ rating: Double) -> String {
    "★ " + String(format: "%.1f", rating)
  }
}
