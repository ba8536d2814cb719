import Foundation

/// The app's text in the user's language, from the strings files in Resources.
public enum L10n {
  /// The text for `key` in the language the settings name, each `%@` replaced by the next of
  /// `arguments`.
  public static func text(_ key: String, _ arguments: String...) -> String {
    let language = AppSettings.shared.language
    let bundle =
      Bundle.module.path(forResource: language, ofType: "lproj").flatMap(Bundle.init(path:))
      ?? Bundle.module
    var text = bundle.localizedString(forKey: key, value: nil, table: nil)
    if text == key, language != "en",
      let english = Bundle.module.path(forResource: "en", ofType: "lproj").flatMap(
        Bundle.init(path:))
    {
      text = english.localizedString(forKey: key, value: nil, table: nil)
    }
    for argument in arguments {
      guard let slot = text.range(of: "%@") else { break }
      text.replaceSubrange(slot, with: argument)
    }
    return text
  }

  /// The message of an error, in the user's language.
  public static func message(for error: Error) -> String {
    guard let error = error as? RoamError else { return text("error.unknown") }
    return text(error.messageKey, error.argument ?? "")
  }
}
