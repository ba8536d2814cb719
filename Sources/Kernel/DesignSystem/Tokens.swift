/// Semantic colours: code says what a piece of text *means*, the design system decides how it looks.
public enum ColorToken: Sendable, CaseIterable {
  /// Draws the eye: identifiers, prices, the thing to act on.
  case accent
  /// Something worked: a ticket issued, a check passed.
  case success
  /// Needs attention but is not an error: few places left.
  case warning
  /// Something failed: a declined card, an error line.
  case danger
  /// Secondary information: hints, counters, separators.
  case muted

  var selectGraphicRendition: String {
    switch self {
    case .accent: "36"
    case .success: "32"
    case .warning: "33"
    case .danger: "31"
    case .muted: "90"
    }
  }
}

/// Typographic roles for terminal text.
public enum TextStyle: Sendable, CaseIterable {
  /// A screen's or a section's heading: bold.
  case title
  /// Ordinary text: unstyled.
  case body
  /// Small print: dimmed.
  case caption

  var selectGraphicRendition: String? {
    switch self {
    case .title: "1"
    case .body: nil
    case .caption: "2"
    }
  }
}

/// Spacing, in columns and lines, so every screen breathes the same way.
public enum Spacing {
  /// Columns before an indented block.
  public static let indent = 2
  /// Columns between two table columns.
  public static let columnGap = 2
  /// Blank lines between two sections of a screen.
  public static let sectionGap = 1
}

/// Symbols with an ASCII fallback for terminals that cannot draw Unicode.
public enum Symbol: Sendable, CaseIterable {
  /// Success: `✓` / `ok`.
  case success
  /// Failure: `✗` / `x`.
  case failure
  /// Warning: `!` in both forms.
  case warning
  /// Leads to: `→` / `->`.
  case arrow
  /// A list item: `•` / `*`.
  case bullet
  /// A rating: `★` / `*`.
  case star
  /// Text cut short: `…` / `...`.
  case ellipsis
  /// A question waiting for an answer: `›` / `>`.
  case prompt

  /// The Unicode form.
  public var unicode: String {
    switch self {
    case .success: "✓"
    case .failure: "✗"
    case .warning: "!"
    case .arrow: "→"
    case .bullet: "•"
    case .star: "★"
    case .ellipsis: "…"
    case .prompt: "›"
    }
  }

  /// The ASCII fallback.
  public var ascii: String {
    switch self {
    case .success: "ok"
    case .failure: "x"
    case .warning: "!"
    case .arrow: "->"
    case .bullet: "*"
    case .star: "*"
    case .ellipsis: "..."
    case .prompt: ">"
    }
  }
}
