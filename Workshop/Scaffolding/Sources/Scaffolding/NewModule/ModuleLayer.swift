/// A layer a module can be added to, and how `Package.swift` declares a module of it: each
/// layer's modules are the cases of an enum, and the layer's helper takes one of those cases.
enum ModuleLayer: String, CaseIterable, Sendable {
  case kernel = "Kernel"
  case interfaces = "Interfaces"
  case infrastructure = "Infrastructure"
  case features = "Features"

  /// The manifest's enum of this layer's modules.
  var enumName: String {
    switch self {
    case .kernel: "Kernel"
    case .interfaces: "Interface"
    case .infrastructure: "Infrastructure"
    case .features: "Feature"
    }
  }

  /// The manifest's list of this layer's targets, where a new entry goes last.
  var section: String {
    switch self {
    case .kernel: "kernelTargets"
    case .interfaces: "interfaceTargets"
    case .infrastructure: "infrastructureTargets"
    case .features: "featureTargets"
    }
  }

  /// The suffix a case leaves out (`BookingInterface` is `.booking`, `SearchFeature` is
  /// `.search`), as the existing cases do.
  var droppedSuffix: String? {
    switch self {
    case .interfaces: "Interface"
    case .features: "Feature"
    case .kernel, .infrastructure: nil
    }
  }

  /// The entry that declares the module through the layer's helper. Every layer but the kernel
  /// starts with SharedKernel, which the first file imports, so the module passes the linter's
  /// unused-dependency rule from its first commit.
  func entry(caseName: String) -> String {
    switch self {
    case .kernel: "kernel(.\(caseName))"
    case .interfaces: "interface(.\(caseName))"
    case .infrastructure:
      "infrastructure(.\(caseName), implements: [], uses: [.kernel(.sharedKernel)])"
    case .features: "feature(.\(caseName), uses: [.kernel(.sharedKernel)])"
    }
  }

  /// What a module of the layer may depend on, as its README says it.
  var rule: String {
    switch self {
    case .kernel: "may depend on nothing (the kernel is the bottom of the graph)"
    case .interfaces: "may depend on the Kernel"
    case .infrastructure:
      "may depend on the Kernel, Interfaces and other Infrastructure modules, system libraries and third-party products"
    case .features:
      "may depend on the Kernel and Interfaces (never another feature or an implementation)"
    }
  }

  /// The enum case that names `module`: its name without the layer's suffix, first letter
  /// lowercased, unless that is a Swift keyword (`.default`, `.import`): then the whole name.
  func caseName(for module: String) -> String {
    var stem = module
    if let suffix = droppedSuffix, module.hasSuffix(suffix), module != suffix {
      stem = String(module.dropLast(suffix.count))
    }
    let candidate = Self.lowercasingFirst(stem)
    return Self.keywords.contains(candidate) ? Self.lowercasingFirst(module) : candidate
  }

  private static func lowercasingFirst(_ text: String) -> String {
    text.prefix(1).lowercased() + text.dropFirst()
  }

  /// The words a case cannot be without backticks.
  private static let keywords: Set<String> = [
    "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
    "do", "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func",
    "guard", "if", "import", "in", "init", "inout", "internal", "is", "let", "nil", "operator",
    "private", "protocol", "public", "repeat", "rethrows", "return", "self", "static", "struct",
    "subscript", "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where",
    "while",
  ]
}
