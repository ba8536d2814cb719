/// A variable of the environment that decides colour, declared once: the theme reads it by this
/// name, and a command line lists it in its help with its meaning.
public enum ColourVariable: String, CaseIterable, Sendable {
  /// no-color.org: set to anything but empty, colour is off whatever else is set.
  case noColor = "NO_COLOR"
  /// The `CLICOLOR_FORCE` convention: set to anything but empty or `0`, colour is on, even
  /// through a pipe.
  case force = "CLICOLOR_FORCE"

  /// What setting it does, in one line for help.
  public var meaning: String {
    switch self {
    case .noColor: "turn colour off"
    case .force: "force colour on, even when the output is not a terminal"
    }
  }
}
