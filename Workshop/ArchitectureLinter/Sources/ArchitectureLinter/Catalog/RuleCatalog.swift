import Foundation

// MARK: - Rules

/// A rule the linter checks: its name in configurations and findings, what a finding of it
/// means, and why it exists (what `--explain` prints).
public struct Rule: Sendable, Equatable {
  /// The name configurations, baselines and findings use (`layer-dependency`).
  public let id: String
  /// What a finding of it means, in one line.
  public let summary: String
  /// Why it exists, and how to fix a finding.
  public let rationale: String
  /// Whether it runs without a configuration (it needs no layers and no options).
  let runsWithoutConfiguration: Bool
  /// The options it reads from its entry in the configuration's `rules`.
  var options: [Field] = []

  /// Two rules are one when they have one name.
  public static func == (left: Rule, right: Rule) -> Bool { left.id == right.id }
}

let allRules: [Rule] = [
  Rule(
    id: "layer-dependency", summary: "a target depends on a layer its own layer may not use",
    rationale: """
      Each layer (or role inside a layer) may depend only on the layers and roles its `mayUse`
      list names in architecture.json. A direction that points one way keeps the lower layers
      free of what sits above them, so each can be built, tested and replaced alone; the
      configuration's `because` texts say why this package's layers point the way they do.
      The dependency's entry in Package.swift is one finding, and each file that imports
      across it another, so a baseline lists the files and a new one is never covered.
      Fix: depend on an interface instead of its implementation, move a shared type down a
      layer, or wire the two together in the composition root.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "outside-layer", summary: "a target matches no layer",
    rationale: """
      A target's layer comes from its folder or its name (the layers' `paths` and `names` in
      architecture.json). A target that matches none has no layer, so no rule would apply to
      it: it fails instead of passing silently. Test targets need no layer.
      Fix: move it into a layer's folder (Sources/<Layer>/<Target> in Voyage) and declare it
      with that layer's helper, or add a pattern for it to the configuration.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "third-party-product", summary: "another package's product used by a layer that may not",
    rationale: """
      Outside code enters through the edges: only layers with `mayUseProducts` may use another
      package's products (`true`: any; a list: only the products or packages it names). A core
      layer that imports a vendor is tied to it.
      Fix: wrap the product in an Infrastructure module that implements an interface.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "undeclared-import",
    summary: "a file imports a module its target does not declare (a target or a product's module)",
    rationale: """
      A module found only because it sits in the shared build folder compiles on one build and not
      on the next, and the dependency is invisible in Package.swift. SwiftPM's own check accepts a
      dependency's dependency and reports only the first file; this rule does neither, and it
      checks other packages' modules too: importing a module of a dependency package needs a
      product that provides it, and a module of a package that only a dependency depends on needs
      that package declared as well.
      Fix: declare the dependency (target or product, and its package) in Package.swift, or remove
      the import.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "test-support", summary: "a production target depends on test support",
    rationale: """
      Test support (a layer with `testSupport`, Tests/Support/<Target> in Voyage) holds
      hand-written doubles of an interface, shared by the test targets that need them. A
      production target that links one could ship a fake payment provider, and its tests would
      no longer prove what runs.
      Fix: keep the code that needs the double in a test target; depend on the interface.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "feature-network", summary: "code of a layer that may not talk HTTP names a network type",
    rationale: """
      Network calls belong to repositories in Infrastructure; a feature that talks HTTP cannot be
      tested with an in-memory fake and bypasses retries, caching and coalescing. Configured by
      `layers` and `names` (Features and URLSession in Voyage).
      Fix: call a repository protocol from an Interfaces module.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "layers", kind: .strings, summary: "The layers whose code may not talk HTTP.",
        required: true),
      Field(
        name: "names", kind: .strings, summary: "The network types they may not name.",
        required: true),
    ]),
  Rule(
    id: "direct-output", summary: "code below the front writes to the terminal itself",
    rationale: """
      What a feature or an implementation has to say is an event for the log (a level, metadata,
      a sink the composition root chose) or a value the front prints. `print` and a hand-held
      FileHandle bypass the level, the JSON format and the log file, and they corrupt the standard
      output that scripts parse. Tests are exempt. Configured by `layers`, `names` (the calls
      and types that write) and `allowedTargets` (the design system's terminal, the log's sinks).
      Fix: log through the Logger the module receives, or return the text for the front.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "layers", kind: .strings, summary: "The layers whose code may not write output.",
        required: true),
      Field(
        name: "names", kind: .strings, summary: "The functions and types that write output.",
        required: true),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may write it."),
    ]),
  Rule(
    id: "ui-framework", summary: "a UI framework imported outside the layers and targets allowed",
    rationale: """
      UIKit, AppKit and SwiftUI exist only on Apple platforms; outside the App layer and the design
      system they would make the module unbuildable on Linux and tie logic to a screen. Every
      branch of an `#if` that may compile counts. Configured by `modules`, `allowedLayers` and
      `allowedTargets`.
      Fix: keep presentation in App or the design system; pass plain values down.
      """, runsWithoutConfiguration: false,
    options: [
      Field(name: "modules", kind: .strings, summary: "The UI frameworks.", required: true),
      Field(name: "allowedLayers", kind: .strings, summary: "The layers that may import them."),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may import them."),
    ]),
  Rule(
    id: "receipt-minting", summary: "a proof-of-payment type constructed outside its one module",
    rationale: """
      PaymentReceipt's initializer is `package`, so only Voyage's modules can mint one; this rule
      narrows that to PaymentData, so every receipt stands for a real charge. Tests and test
      support are exempt. Configured by `type` and `allowedTargets`.
      Fix: obtain receipts from a PaymentGateway.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "type", kind: .string, summary: "The type that proves something happened.",
        required: true),
      Field(name: "allowedTargets", kind: .strings, summary: "The targets that may construct it."),
    ]),
  Rule(
    id: "raw-escape-code", summary: "a raw terminal escape code outside the design system",
    rationale: """
      Colour and style decisions (NO_COLOR, CLICOLOR_FORCE, TERM=dumb, TTY) live in the design
      system; a hand-written escape code ignores them and corrupts piped output. Tests are exempt.
      Configured by `allowedTargets`.
      Fix: use TerminalTheme.paint(_:_:) or .style(_:_:).
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "allowedTargets", kind: .strings, summary: "The targets that may write escape codes.")
    ]),
  Rule(
    id: "testable-import", summary: "@testable import in production code",
    rationale: """
      @testable reaches internal declarations; in production code it defeats access control.
      Fix: make the needed API `package` or `public`, or move the code into a test target.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "view-model-final", summary: "a view model class that is not final",
    rationale: """
      View models hold state machines; subclassing one would let a subclass break its transitions.
      Configured by `suffix` (ViewModel by default).
      Fix: mark the class `final`.
      """, runsWithoutConfiguration: false,
    options: [
      Field(
        name: "suffix", kind: .string, summary: "The suffix of view model class names (ViewModel).")
    ]),
  Rule(
    id: "public-implementation",
    summary: "an implementation layer makes an implementation type public",
    rationale: """
      Infrastructure exposes a factory, not its types: a public type named …Repository, …Gateway,
      …Client, …DTO or …Store lets callers depend on the implementation instead of the interface.
      Allowed: a protocol-free factory namespace, i.e. a public `enum` with no cases and no
      inheritance clause, which can be neither instantiated nor used as an interface.
      Configured by `layers` and `suffixes`.
      Fix: make the type internal (or `package` for sibling modules) and return it as
      `any SomeInterface` from the module's …Assembly factory.
      """, runsWithoutConfiguration: false,
    options: [
      Field(name: "layers", kind: .strings, summary: "The implementation layers.", required: true),
      Field(
        name: "suffixes", kind: .strings, summary: "The suffixes of implementation type names.",
        required: true),
    ]),
  Rule(
    id: "missing-owner", summary: "a module folder or its tests has no CODEOWNERS line",
    rationale: """
      Every module has an owner who reviews changes to it, so CODEOWNERS names each module's
      folder and its test folder explicitly; the catch-all `*` line does not count. Checked
      when the repository has a CODEOWNERS file where the hosting service reads one: at the
      repository's root (`.github/`, the root, `docs/`), with paths from there, whatever folder
      the package is in. A CODEOWNERS in a package's subfolder is never read, so it is a finding.
      Fix: add a line such as `/Sources/<Layer>/<Module>/  @team` (and one for its tests).
      """, runsWithoutConfiguration: false),
  Rule(
    id: "unused-dependency",
    summary: "a declared dependency whose modules no file of the target imports",
    rationale: """
      A dependency that nothing imports costs a build edge, widens what rebuilds on a change and
      tells the reader of Package.swift something untrue. It counts as used when a file of the
      target imports its module, or a module it imports re-exports it (`@_exported import`).
      Test targets (which often depend on a module only to have it built: an executable they
      run, a module they type-check code against), targets with C sources, and dependencies on
      macros, executables and binaries, which are not imported, are left alone.
      Fix: delete the entry from Package.swift (the finding points at it), or import the module.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "undeclared-executable",
    summary: "a test runs an executable of the package that it neither depends on nor reads",
    rationale: """
      `--affected` runs a test target when a change reaches it through its dependencies or
      through a `reads` entry in architecture.json. A test that runs one of the package's own
      programs (the built file beside the tests, `swift run NAME`, `["run", "NAME"]` handed to
      a process) through neither misses every change to that program, and the pull request
      that breaks it passes. It is read from tokens: the name counts only where it makes the
      built program's path or a `swift run`, never in a comment, a message or an expected
      output; a path made in another file and passed in is not seen.
      Fix: depend on the executable target in Package.swift (SwiftPM then builds it before
      the tests), or add a `reads` entry for the test target with the executable's folders.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "folder-dependency",
    summary: "a file names a type declared in a folder its folder's layer may not use",
    rationale: """
      Most apps start as one target with folders, where no manifest edge exists to check. A
      layer's `folders` in architecture.json give the folders inside a target a layer each, and
      a file of such a folder that names a top-level declaration (type, function, global) of a
      folder whose layer its own may not use is a finding, before any split. It is an
      approximation, read from tokens: a name counts wherever it is used (a local variable
      named like a type is counted; a method reached through `.` on a value is not), and a
      name declared in an allowed folder too is taken to be that one.
      Fix: reach the declaration through what the layer may use (an interface, a value passed
      in), or move the declaration to a folder the layer may use.
      """, runsWithoutConfiguration: false),
  Rule(
    id: "suppression",
    summary: "an inline suppression without a reason, or that suppresses nothing",
    rationale: """
      `// architecture:allow RULE — reason` accepts a finding of RULE on its own line or the
      next, where the exception is better explained beside the code than in the baseline. It
      needs a reason, for the next reader; one that names no rule or suppresses nothing would
      silently allow the finding to come back, like a stale baseline entry.
      Fix: give the reason, correct the rule's name, or delete the comment.
      """, runsWithoutConfiguration: true),
  Rule(
    id: "stale-baseline", summary: "a baseline entry that no longer matches any violation",
    rationale: """
      The baseline lists known violations so they can be fixed later; an entry that matches nothing
      would silently allow the violation to come back.
      Fix: delete the line, or regenerate the file with --update-baseline.
      """, runsWithoutConfiguration: true),
]
