extension String {
  /// How many terminal columns the text occupies: 2 for East Asian wide characters and emoji,
  /// 0 for control and zero-width characters, 1 otherwise. `count` is not the same thing:
  /// "東京" is 2 characters but 4 columns, "é" written as e + U+0301 is 1 character and 1 column.
  public var displayWidth: Int {
    reduce(0) { $0 + $1.displayWidth }
  }

  /// The longest prefix that fits in `width` columns, ending in `ellipsis` when anything was
  /// cut (pass the theme's `symbol(.ellipsis)`, which is `...` where Unicode cannot be drawn).
  public func truncated(toDisplayWidth width: Int, ellipsis: String = "…") -> String {
    guard displayWidth > width else { return self }
    let room = width - ellipsis.displayWidth
    guard room > 0 else { return String(ellipsis.prefix(max(0, width))) }
    var result = ""
    var used = 0
    for character in self {
      let next = character.displayWidth
      if used + next > room { break }
      result.append(character)
      used += next
    }
    return result + ellipsis
  }

  /// What a message may quote of text someone gave (an argument, a setting, a path): at most
  /// ``echoLimit`` characters, its start and its end around an ellipsis when it is longer, and
  /// every control character escaped. Every message that echoes input uses this one bound, so
  /// no input, however long, makes a message longer than a line or two.
  public var echoed: String {
    guard count > Self.echoLimit else { return escapingControlCharacters }
    let tail = Self.echoLimit / 4
    let head = Self.echoLimit - tail - 1
    return (String(prefix(head)) + "…" + String(suffix(tail))).escapingControlCharacters
  }

  /// How many characters of someone's input a message quotes at most (``echoed``).
  public static let echoLimit = 48

  /// The text with every control character (escape codes, carriage returns, bells) shown as a
  /// visible `\u{…}` escape: stored text, such as a name written before names were validated,
  /// can never move the cursor, change colours or rewrite what the terminal shows.
  public var escapingControlCharacters: String {
    guard unicodeScalars.contains(where: \.properties.generalCategory.isControlOrFormat) else {
      return self
    }
    var result = ""
    for scalar in unicodeScalars {
      if scalar.properties.generalCategory.isControlOrFormat, scalar != "\u{200D}" {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text padded with spaces to `width` columns, on the right or the left.
  public func padded(toDisplayWidth width: Int, alignment: TextAlignment = .leading) -> String {
    let padding = String(repeating: " ", count: max(0, width - displayWidth))
    return alignment == .leading ? self + padding : padding + self
  }
}

/// Which side of a column text keeps to.
public enum TextAlignment: Sendable {
  /// Text starts at the left edge: names, titles.
  case leading
  /// Text ends at the right edge: numbers, prices.
  case trailing
}

extension Character {
  var displayWidth: Int {
    let scalars = unicodeScalars
    guard let first = scalars.first else { return 0 }
    switch first.properties.generalCategory {
    case .control, .format, .nonspacingMark, .enclosingMark, .lineSeparator, .paragraphSeparator:
      return 0
    default:
      break
    }
    let isEmoji =
      first.properties.isEmojiPresentation
      || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
    return isEmoji || Self.isEastAsianWide(first.value) ? 2 : 1
  }

  // The East Asian Width "W" and "F" blocks of Unicode 15 that terminals draw two columns wide.
  private static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
    0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
    0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
  ]

  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    wideRanges.contains { $0.contains(value) }
  }
}

extension Unicode.GeneralCategory {
  /// Control characters (C0, DEL, C1) and bidirectional or invisible format characters.
  fileprivate var isControlOrFormat: Bool { self == .control || self == .format }
}
