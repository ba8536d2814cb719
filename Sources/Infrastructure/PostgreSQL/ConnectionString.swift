import CLibPQ
import Foundation

/// A libpq connection string read by Voyage itself, never by libpq: a `postgresql://` (or
/// `postgres://`) URL, or `key=value` pairs. libpq's own parser quotes what it cannot read in
/// its error messages, and reads a URL whose password holds a `/` or an `@` as a host and a
/// database made of the password's pieces; this one reads every setting libpq accepts
/// (`PQconndefaults`), percent-decodes, takes an IPv6 host in brackets, and refuses what is
/// ambiguous with a sentence that names the problem and never a piece of the string.
struct ConnectionString: Sendable {
  /// A setting libpq takes, in the order given; a later one replaces an earlier.
  struct Setting: Sendable, Equatable {
    let keyword: String
    let value: String
  }

  /// The settings, decoded, each keyword once (the last given wins).
  let settings: [Setting]

  /// Reads `text`; throws a reason that quotes nothing of it.
  init(_ text: String) throws(ConnectionStringError) {
    let lowered = text.lowercased()
    let read: [Setting]
    if lowered.hasPrefix("postgresql://") || lowered.hasPrefix("postgres://") {
      read = try Self.url(text)
    } else if text.contains("://") {
      throw ConnectionStringError(
        "a URL must begin with postgresql:// or postgres:// (the scheme is not shown)")
    } else if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
      throw ConnectionStringError("it is empty")
    } else {
      read = try Self.pairs(text)
    }
    let known = Self.keywords
    var settings: [Setting] = []
    for setting in read {
      guard known.contains(setting.keyword) else {
        throw ConnectionStringError(
          "it names a setting libpq does not know (not shown: it may be part of a secret)")
      }
      settings.removeAll { $0.keyword == setting.keyword }
      settings.append(setting)
    }
    try Self.checkLengths(of: settings)
    self.settings = settings
  }

  /// The longest host a setting may name: a DNS name has at most 253 characters, a socket
  /// folder's path at most 107 bytes (`sun_path`).
  static let longestHost = 255

  /// The longest database or user name: the server cuts names to 63 bytes (`NAMEDATALEN`).
  static let longestName = 63

  /// Refuses a host or a name no server can have, so no message ever quotes one of any length.
  private static func checkLengths(of settings: [Setting]) throws(ConnectionStringError) {
    for setting in settings {
      switch setting.keyword {
      case "host", "hostaddr":
        let hosts = setting.value.split(separator: ",", omittingEmptySubsequences: false)
        if hosts.contains(where: { $0.utf8.count > longestHost }) {
          throw ConnectionStringError(
            "a host is longer than any host name or socket folder (\(longestHost) bytes)")
        }
      case "dbname", "user":
        if setting.value.utf8.count > longestName {
          throw ConnectionStringError(
            "the \(setting.keyword) is longer than the server's names (\(longestName) bytes)")
        }
      default: break
      }
    }
  }

  /// The value of `keyword`, if given.
  subscript(keyword: String) -> String? {
    settings.last { $0.keyword == keyword }?.value
  }

  /// The values libpq hides from display (`password`, `sslpassword`), decoded.
  var secrets: [String] {
    let hidden = Self.secretKeywords
    return settings.filter { hidden.contains($0.keyword) && !$0.value.isEmpty }.map(\.value)
  }

  // MARK: - libpq's settings

  /// Every keyword the installed libpq accepts, from its own table.
  static let keywords: Set<String> = Set(defaults.map(\.keyword))

  /// The keywords whose values libpq displays as a password (`dispchar` holds `*`).
  static let secretKeywords: Set<String> = Set(defaults.filter(\.isSecret).map(\.keyword))

  private static let defaults: [(keyword: String, isSecret: Bool)] = {
    guard let options = PQconndefaults() else { return [("password", true)] }
    defer { PQconninfoFree(options) }
    var found: [(String, Bool)] = []
    var option = options
    while let keyword = option.pointee.keyword {
      let display = option.pointee.dispchar.map { String(cString: $0) } ?? ""
      found.append((String(cString: keyword), display.contains("*")))
      option += 1
    }
    return found
  }()

  // MARK: - URL form

  /// `postgresql://[user[:password]@][host][:port][,…][/database][?keyword=value&…]`.
  private static func url(_ text: String) throws(ConnectionStringError) -> [Setting] {
    guard let scheme = text.range(of: "://") else { return [] }
    var rest = text[scheme.upperBound...]
    guard !rest.contains("#") else {
      throw ConnectionStringError(
        "a URL cannot hold '#' (percent-encode it as %23, in a password too)")
    }
    var query: Substring?
    if let mark = rest.firstIndex(of: "?") {
      query = rest[rest.index(after: mark)...]
      rest = rest[..<mark]
    }
    var path: Substring?
    if let slash = rest.firstIndex(of: "/") {
      path = rest[rest.index(after: slash)...]
      rest = rest[..<slash]
    }
    var settings: [Setting] = []
    let authority = rest
    let ats = authority.filter { $0 == "@" }.count
    guard ats <= 1 else {
      throw ConnectionStringError(
        "its user part holds more than one '@' (percent-encode '@' in a user or password as %40)")
    }
    var hosts = authority
    if let at = authority.firstIndex(of: "@") {
      let userInfo = authority[..<at]
      hosts = authority[authority.index(after: at)...]
      let colon = userInfo.firstIndex(of: ":")
      let user = try decoded(userInfo[..<(colon ?? userInfo.endIndex)])
      if !user.isEmpty { settings.append(Setting(keyword: "user", value: user)) }
      if let colon {
        let password = try decoded(userInfo[userInfo.index(after: colon)...])
        if !password.isEmpty { settings.append(Setting(keyword: "password", value: password)) }
      }
    }
    if !hosts.isEmpty {
      var names: [String] = []
      var ports: [String] = []
      for entry in hosts.split(separator: ",", omittingEmptySubsequences: false) {
        let (host, port) = try hostAndPort(entry)
        names.append(host)
        ports.append(port)
      }
      if names.contains(where: { !$0.isEmpty }) {
        settings.append(Setting(keyword: "host", value: names.joined(separator: ",")))
      }
      if ports.contains(where: { !$0.isEmpty }) {
        settings.append(Setting(keyword: "port", value: ports.joined(separator: ",")))
      }
    }
    if let path, !path.isEmpty {
      guard !path.contains("/"), !path.contains("@") else {
        throw ConnectionStringError(
          "its database name holds '/' or '@' (percent-encode them; a password holding '/' needs %2F)"
        )
      }
      settings.append(Setting(keyword: "dbname", value: try decoded(path)))
    }
    for parameter in (query ?? "").split(separator: "&") {
      guard let equals = parameter.firstIndex(of: "=") else {
        throw ConnectionStringError(
          "a URL parameter has no '=' (not shown: it may be part of a secret)")
      }
      settings.append(
        Setting(
          keyword: try decoded(parameter[..<equals]),
          value: try decoded(parameter[parameter.index(after: equals)...])))
    }
    return settings
  }

  /// One `host[:port]` of a URL, the host possibly an IPv6 address in brackets.
  private static func hostAndPort(_ entry: Substring) throws(ConnectionStringError) -> (
    String, String
  ) {
    var host: Substring
    var port: Substring = ""
    if entry.hasPrefix("[") {
      guard let close = entry.firstIndex(of: "]") else {
        throw ConnectionStringError("an IPv6 host lacks its closing ']'")
      }
      host = entry[entry.index(after: entry.startIndex)..<close]
      let after = entry[entry.index(after: close)...]
      if !after.isEmpty {
        guard after.hasPrefix(":") else {
          throw ConnectionStringError(
            "an IPv6 host's ']' is followed by something other than a port")
        }
        port = after.dropFirst()
      }
    } else if let colon = entry.firstIndex(of: ":") {
      host = entry[..<colon]
      port = entry[entry.index(after: colon)...]
    } else {
      host = entry
    }
    guard port.allSatisfy(\.isASCII) && port.allSatisfy(\.isNumber) else {
      throw ConnectionStringError(
        "its port is not a number (a password holding '/', '?', '#' or '@' must be percent-encoded)"
      )
    }
    return (try decoded(host), String(port))
  }

  /// `text` percent-decoded, as UTF-8.
  private static func decoded(_ text: Substring) throws(ConnectionStringError) -> String {
    guard text.contains("%") else { return String(text) }
    var bytes: [UInt8] = []
    var utf8 = text.utf8[...]
    while let byte = utf8.popFirst() {
      guard byte == UInt8(ascii: "%") else {
        bytes.append(byte)
        continue
      }
      let digits = utf8.prefix(2)
      guard digits.count == 2,
        let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16),
        value != 0
      else {
        throw ConnectionStringError(
          "a '%' is not followed by two hexadecimal digits, or encodes a zero byte")
      }
      bytes.append(value)
      utf8 = utf8.dropFirst(2)
    }
    guard let decoded = String(validating: bytes, as: UTF8.self) else {
      throw ConnectionStringError("a percent-encoded part is not UTF-8")
    }
    return decoded
  }

  // MARK: - key=value form

  /// `keyword = value …`, a value in single quotes when it holds spaces, with `\'` and `\\`.
  private static func pairs(_ text: String) throws(ConnectionStringError) -> [Setting] {
    var settings: [Setting] = []
    var characters = Substring(text)
    func skipSpaces() { characters = characters.drop { $0.isWhitespace } }
    while true {
      skipSpaces()
      guard !characters.isEmpty else { return settings }
      let keyword = characters.prefix { !$0.isWhitespace && $0 != "=" }
      characters = characters.dropFirst(keyword.count)
      skipSpaces()
      guard characters.first == "=", !keyword.isEmpty else {
        throw ConnectionStringError(
          "a word has no '=' after it (not shown: it may be part of a secret; quote a value holding spaces, as password='…')"
        )
      }
      characters = characters.dropFirst()
      skipSpaces()
      var value = ""
      if characters.first == "'" {
        characters = characters.dropFirst()
        var closed = false
        while let character = characters.popFirst() {
          if character == "'" {
            closed = true
            break
          }
          if character == "\\", let escaped = characters.popFirst() {
            value.append(escaped)
          } else {
            value.append(character)
          }
        }
        guard closed else { throw ConnectionStringError("a quoted value is not closed") }
      } else {
        while let character = characters.first, !character.isWhitespace {
          characters = characters.dropFirst()
          if character == "\\", let escaped = characters.popFirst() {
            value.append(escaped)
          } else {
            value.append(character)
          }
        }
      }
      settings.append(Setting(keyword: String(keyword), value: value))
    }
  }
}

/// Why a connection string cannot be read, in words that quote nothing of it.
struct ConnectionStringError: Error, Sendable, Equatable {
  let reason: String

  init(_ reason: String) {
    self.reason = reason
  }
}
