import Foundation

/// The settings, and changing one for this run.
public final class SettingsScreen: Screen {
  public let name = "settings"
  public let viewModel: SettingsViewModel
  public var changes: [(String, String)] = []

  public init(viewModel: SettingsViewModel) {
    self.viewModel = viewModel
  }

  public func render() -> Int32 {
    for (name, value) in changes {
      viewModel.set(name, to: value)
      if let error = viewModel.error {
        Console.current.error(
          L10n.text("error.prefix") + " " + L10n.text("settings.invalid", error))
        return 64
      }
    }
    Console.current.line(L10n.text("settings.title"))
    for row in viewModel.rows {
      Console.current.line(
        "  \(row.name.padding(toLength: 10, withPad: " ", startingAt: 0))\(row.value)")
    }
    return 0
  }
}
