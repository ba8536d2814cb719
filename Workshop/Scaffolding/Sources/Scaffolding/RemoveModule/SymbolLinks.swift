import Foundation

/// The documentation's symbol links into a module (``/SearchFeature/SearchFeature/run()``): the
/// documentation build fails on a link it cannot resolve, so a link into what was removed becomes
/// a plain code name (`SearchFeature.run()`).
enum SymbolLinks {
  /// `text` with every link into `module` whose symbol `keeps` refuses made plain; by default
  /// every link into it.
  static func unlinking(
    _ text: String, into module: String, keeping keeps: (String) -> Bool = { _ in false }
  ) -> String {
    let prefix = "``/\(module)/"
    var result = ""
    var rest = Substring(text)
    while let start = rest.range(of: prefix) {
      result += rest[..<start.lowerBound]
      let afterPrefix = rest[start.upperBound...]
      guard let end = afterPrefix.range(of: "``"),
        !afterPrefix[..<end.lowerBound].isEmpty,
        !afterPrefix[..<end.lowerBound].contains("`")
      else {
        result += rest[start]
        rest = afterPrefix
        continue
      }
      let symbol = String(afterPrefix[..<end.lowerBound])
      result +=
        keeps(symbol)
        ? "\(prefix)\(symbol)``" : "`" + symbol.replacingOccurrences(of: "/", with: ".") + "`"
      rest = afterPrefix[end.upperBound...]
    }
    return result + rest
  }

  /// The name a link's last symbol declares: `checkout()` → `checkout`, `Kind-swift.enum` → `Kind`.
  static func declaredName(of symbol: String) -> String {
    let last = symbol.split(separator: "/").last.map(String.init) ?? symbol
    return String(last.prefix { $0 != "(" && $0 != "-" })
  }
}
