import Foundation

/// One command of `voyage`, declared once: its parser, its `--help`, its line in the overview,
/// its usage line in errors, its shell completions and its part of the man page all come from
/// this value, so they cannot disagree (swift-argument-parser's conventions, without the
/// dependency).
struct CommandSpec: Sendable {
  /// What the person types: `search`.
  let name: String
  /// One line for the overview: what the command is for.
  let abstract: String
  /// The paragraph under the usage line in `--help`.
  let discussion: String
  /// Positional arguments, in order.
  let arguments: [ArgumentSpec]
  /// Options and flags, in the order help lists them.
  let options: [OptionSpec]
  /// Text after the options in `--help` (test cards, deadlines), if any.
  let epilogue: HelpEpilogue?
  /// Whether the command runs on the settings of the environment (`VOYAGE_HOME`, the ledger,
  /// the log, …); a command that keeps its own (the demo) reads none of them, so none of them
  /// can stop it or be touched by it.
  let readsSettings: Bool

  init(
    _ name: String, abstract: String, discussion: String, arguments: [ArgumentSpec] = [],
    options: [any OptionDeclaration] = [], epilogue: HelpEpilogue? = nil,
    readsSettings: Bool = true
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.options = options.map(\.spec)
    self.epilogue = epilogue
    self.readsSettings = readsSettings
  }

  /// `voyage search <destination> [--from DATE] …`: required options bare, the others in brackets.
  var usage: String {
    (["voyage", name]
      + arguments.map { $0.isOptional ? "[<\($0.name)>]" : "<\($0.name)>" }
      + options.map { $0.isRequired ? $0.label : "[\($0.label)]" })
      .joined(separator: " ")
  }

  /// The whole `--help` text, its usage line fitted to `width` columns.
  func help(width: Int?) -> String {
    var sections = [TextWrapping.usage(usage, width: TextWrapping.width(of: width)), discussion]
    if !options.isEmpty {
      let width = max(19, options.map(\.label.count).max() ?? 0)
      let lines = options.map { option in
        "  " + option.label.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
          + option.helpWithDefault
      }
      sections.append((["Options:"] + lines).joined(separator: "\n"))
    }
    if let epilogue { sections.append(epilogue.text(width: TextWrapping.width(of: width))) }
    return sections.joined(separator: "\n\n")
  }
}

/// What a command's help says after its options: paragraphs and two-column tables, laid out
/// for the terminal's width when it is shown, so a narrow terminal breaks them between words.
struct HelpEpilogue: Sendable {
  /// A paragraph, or a table under a title with a closing line.
  enum Block: Sendable {
    case paragraph(String)
    case table(title: String, rows: [Row], footer: String?)
  }

  /// A name and what it means.
  struct Row: Sendable {
    let name: String
    let meaning: String
  }

  let blocks: [Block]

  /// The blocks fitted to `width` columns, a blank line between two.
  func text(width: Int) -> String {
    blocks.map { block in
      switch block {
      case .paragraph(let text):
        return TextWrapping.lines(text, width: width).joined(separator: "\n")
      case .table(let title, let rows, let footer):
        let table = TextWrapping.rows(rows.map { ($0.name, $0.meaning) }, width: width)
        let closing = footer.map { TextWrapping.lines($0, width: width - 2).map { "  " + $0 } }
        return
          ([TextWrapping.lines(title, width: width).joined(separator: "\n"), table]
          + (closing ?? [])).joined(separator: "\n")
      }
    }
    .joined(separator: "\n\n")
  }
}
