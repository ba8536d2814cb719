import Foundation

/// The settings screen: what each setting holds and which values it takes.
public final class SettingsViewModel {
  public private(set) var error: String?

  public init() {}

  /// Changes a setting by name; an unknown name or value is an error, and changes nothing.
  public func set(_ name: String, to value: String) {
    error = nil
    switch name {
    case "language" where AppSettings.languages.contains(value):
      AppSettings.shared.language = value
    case "currency" where AppSettings.currencies.contains(value.uppercased()):
      AppSettings.shared.currency = value.uppercased()
    case "places" where Int(value).map { (1...9).contains($0) } ?? false:
      AppSettings.shared.places = Int(value) ?? 1
    default:
      error = "\(name)=\(value)"
    }
  }

  /// Each setting's name and value, in the order the screen shows them.
  public var rows: [(name: String, value: String)] {
    [
      ("language", AppSettings.shared.language),
      ("currency", AppSettings.shared.currency),
      ("places", String(AppSettings.shared.places)),
    ]
  }
}
