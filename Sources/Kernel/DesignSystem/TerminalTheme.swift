/// The terminal's capabilities, decided once from its environment: whether to colour and whether
/// to draw Unicode symbols. Every styled string in Voyage goes through a theme.
public struct TerminalTheme: Sendable, Hashable {
  /// Whether styles and colours are emitted as escape codes.
  public let usesColor: Bool
  /// Whether symbols are drawn in Unicode (`✓`) or their ASCII fallback (`ok`).
  public let usesUnicode: Bool
  /// How many columns a line may take before the terminal would wrap it; `nil` for no limit
  /// (a pipe or a file). Tables fit themselves into it.
  public let width: Int?

  /// A theme with explicit capabilities, for rendering to files and for tests.
  public init(usesColor: Bool, usesUnicode: Bool, width: Int? = nil) {
    self.usesColor = usesColor
    self.usesUnicode = usesUnicode
    self.width = width
  }

  /// Plain text: no colour, ASCII symbols. Safe anywhere.
  public static let plain = TerminalTheme(usesColor: false, usesUnicode: false)

  /// Follows the ecosystem's conventions (no-color.org and the `CLICOLOR_FORCE` convention):
  /// 1. `NO_COLOR` set to anything non-empty turns colour off, whatever else is set;
  /// 2. `CLICOLOR_FORCE` set to anything but `0` turns it on, even through a pipe;
  /// 3. `TERM=dumb` turns it off;
  /// 4. otherwise colour is on only for an interactive terminal.
  /// Unicode symbols are used when the locale (`LC_ALL`, `LC_CTYPE` or `LANG`, first set wins)
  /// names UTF-8.
  /// `width` is the terminal's, when known.
  public init(environment: [String: String], isInteractive: Bool, width: Int? = nil) {
    self.width = width
    self.usesColor = Self.decidesColor(environment: environment, isInteractive: isInteractive)
    let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }
      .first { !$0.isEmpty }
    let normalizedLocale = locale?.lowercased().filter { $0 != "-" } ?? ""
    self.usesUnicode = normalizedLocale.contains("utf8")
  }

  private static func decidesColor(environment: [String: String], isInteractive: Bool) -> Bool {
    if let noColor = environment[ColourVariable.noColor.rawValue], !noColor.isEmpty {
      return false
    }
    if let force = environment[ColourVariable.force.rawValue], !force.isEmpty, force != "0" {
      return true
    }
    if environment["TERM"] == "dumb" { return false }
    return isInteractive
  }

  /// `text` in the colour of `token`, or unchanged when colour is off.
  public func paint(_ text: String, _ token: ColorToken) -> String {
    wrap(text, in: token.selectGraphicRendition)
  }

  /// `text` in `style`, or unchanged when colour is off.
  public func style(_ text: String, _ style: TextStyle) -> String {
    guard let code = style.selectGraphicRendition else { return text }
    return wrap(text, in: code)
  }

  /// The symbol in Unicode or its ASCII fallback.
  public func symbol(_ symbol: Symbol) -> String {
    usesUnicode ? symbol.unicode : symbol.ascii
  }

  /// A transient line for an interactive terminal: the cursor returns to its start, so
  /// `clearProgress` can erase it once the work is done.
  public func progress(_ text: String) -> String {
    paint(text, .muted) + "\r"
  }

  /// Erases the line a `progress(_:)` drew.
  public var clearProgress: String { "\u{1B}[2K\r" }

  private func wrap(_ text: String, in code: String) -> String {
    guard usesColor, !text.isEmpty else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}
