import Foundation

/// `Package.swift` rewritten by what its tokens say, not by its indentation: the scaffolding
/// adds a module (a case in its layer's enum, an entry in a list of targets) and removes one
/// (every entry that declares it, every list element that names it, its case), finding each
/// place with the linter's lexer and the types the manifest's helpers declare. An edit it cannot
/// make exactly is refused with the place it stopped at, and the manifest is left as it was.
/// (What `check-architecture manifest …` does from a shell; the scaffolding tool edits with it
/// in-process.)
public struct ManifestEditor: Sendable {
  /// The manifest's bytes, edited in place.
  private(set) var bytes: [UInt8]

  /// An editor of the manifest whose content is `manifest`.
  init(_ manifest: Data) {
    bytes = Array(manifest)
  }

  /// An editor of the manifest whose text is `manifest`.
  public init(_ manifest: String) {
    bytes = Array(manifest.utf8)
  }

  /// The manifest as edited so far, to be written where it was read.
  public var manifest: String { String(decoding: bytes, as: UTF8.self) }

  /// A module to add: its case in an enum of the manifest, and the entry that declares it.
  public struct NewModule: Sendable {
    /// The enum of its layer (`Feature`) and the case that names it (`itinerary`).
    let enumName: String
    let caseName: String
    /// The module's name, the case's raw value (`ItineraryFeature`).
    let name: String
    /// The top-level list of targets the entry joins (`featureTargets`).
    let list: String
    /// The entry, as Swift (`feature(.itinerary, uses: [.kernel(.sharedKernel)])`).
    let entry: String
    /// One line on why the module exists, written above the entry.
    let comment: String?

    /// A module named `name`, `case caseName` of `enum enumName`, declared by `entry` (with
    /// `comment` above it) at the end of the top-level list `list`.
    public init(
      enumName: String, caseName: String, name: String, list: String, entry: String,
      comment: String? = nil
    ) {
      (self.enumName, self.caseName, self.name) = (enumName, caseName, name)
      (self.list, self.entry, self.comment) = (list, entry, comment)
    }
  }

  /// The package's name: the `name:` of the `Package(…)` call.
  public func packageName() -> String? {
    bytes.withUnsafeBufferPointer { buffer in
      let reading = ManifestReading(bytes: buffer)
      for group in reading.groups where group.callee == "Package" {
        for part in group.parts where reading.label(of: part) == "name" {
          let value = reading.value(of: part)
          if value.count == 1, let name = reading.literal(value.lowerBound) { return name }
        }
      }
      return nil
    }
  }

  /// Adds `module`; returns what it wrote, one line each. An edit it cannot make exactly (a
  /// case or a name already taken, a list it cannot find) throws ``BadInput`` and changes
  /// nothing.
  public mutating func add(_ module: NewModule) throws -> [String] {
    guard module.comment.map(Self.hasLineBreak) != true else {
      throw BadInput("the comment above an entry is one line")
    }
    let entryTokens = module.entry.utf8.withContiguousStorageIfAvailable {
      Lexer.tokens(of: $0)
    }
    guard let entryTokens, Self.isBalanced(entryTokens), !entryTokens.isEmpty else {
      throw BadInput("the entry '\(module.entry)' is not one Swift expression")
    }
    let edits: [Edit] = try bytes.withUnsafeBufferPointer { buffer in
      let layout = EditableSource(buffer)
      let declarations = layout.declarations
      if let existing = declarations.namedCase(rawValue: module.name) {
        throw BadInput(
          "Package.swift already names \(module.name): case \(existing.caseName) of \(existing.enumName)"
        )
      }
      guard let named = declarations.enums[module.enumName] else {
        throw BadInput("Package.swift has no `enum \(module.enumName): String` to add a case to")
      }
      if named.cases.contains(where: { $0.caseName == module.caseName }) {
        throw BadInput(
          "Package.swift's \(module.enumName) enum already has a case '\(module.caseName)'; choose another name"
        )
      }
      guard let initializer = declarations.initializers[module.list] else {
        throw BadInput("Package.swift has no top-level `let \(module.list)` to add the entry to")
      }
      return [
        layout.addingCase(module, to: named),
        layout.addingEntry(module.entry, comment: module.comment, to: initializer),
      ]
    }
    apply(edits)
    return [
      "added case \(module.caseName) = \"\(module.name)\" to enum \(module.enumName)",
      "added \(module.entry) to \(module.list)",
    ]
  }

  /// Removes every entry that declares one of `names`, every list element that names one, and
  /// the first name's enum case; returns what it removed, one line each (`12: removed …`). An
  /// edit it cannot make exactly throws ``BadInput`` and changes nothing.
  public mutating func remove(_ names: [String]) throws -> [String] {
    var removedCases: [String: ManifestDeclarations.NamedCase] = [:]
    let (edits, removed): ([Edit], [String]) = try bytes.withUnsafeBufferPointer { buffer in
      let layout = EditableSource(buffer)
      var units: [ClosedRange<Int>] = []
      var caseEdits: [Edit] = []
      for name in names {
        let found = layout.spans(naming: name)
        if found.spans.isEmpty && found.namedCase == nil {
          throw BadInput("Package.swift names no module '\(name)'")
        }
        guard found.declared else {
          throw BadInput(
            "Package.swift names \(name), but no entry the linter can read declares it (a call whose first argument or `name:` is \"\(name)\", or a helper given its enum case); remove it by hand"
          )
        }
        units += found.spans.map(layout.unit(of:))
        if let named = found.namedCase {
          guard (layout.declarations.enums[named.enumName]?.cases.count ?? 0) > 1 else {
            throw BadInput(
              "\(name) is the last case of enum \(named.enumName), and an enum with a raw type needs one; remove the layer from Package.swift by hand"
            )
          }
          caseEdits.append(layout.removingLine(of: named.token))
          removedCases[name] = named
        }
      }
      // A unit inside another goes with it.
      let outermost = Set(
        units.filter { unit in
          !units.contains {
            $0 != unit && $0.contains(unit.lowerBound) && $0.contains(unit.upperBound)
          }
        }
      ).sorted { $0.lowerBound < $1.lowerBound }
      let edits = try outermost.flatMap { try layout.removing($0, among: outermost) }
      // What the edits leave must not name them: such a place would no longer compile.
      for name in names {
        if let line = layout.lineStillNaming(
          name, caseOf: removedCases[name], outside: caseEdits + edits)
        {
          throw BadInput(
            "Package.swift still names \(name) at line \(line), where no list holds it; edit that line by hand, then remove the module"
          )
        }
      }
      let removed = (caseEdits + edits).sorted { $0.range.lowerBound < $1.range.lowerBound }.map {
        layout.summary(of: $0)
      }
      return (caseEdits + edits, removed)
    }
    apply(edits)
    return removed
  }

  private mutating func apply(_ edits: [Edit]) {
    Edit.apply(edits, to: &bytes)
  }

  private static func hasLineBreak(_ text: String) -> Bool {
    text.contains { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  private static func isBalanced(_ tokens: [Token]) -> Bool {
    var open: [UInt8] = []
    let pairs: [UInt8: UInt8] = [
      UInt8(ascii: ")"): UInt8(ascii: "("), UInt8(ascii: "]"): UInt8(ascii: "["),
      UInt8(ascii: "}"): UInt8(ascii: "{"),
    ]
    for token in tokens where token.kind == .punctuation {
      if pairs.values.contains(token.byte) {
        open.append(token.byte)
      } else if let opening = pairs[token.byte] {
        guard open.popLast() == opening else { return false }
      }
    }
    return open.isEmpty
  }
}
