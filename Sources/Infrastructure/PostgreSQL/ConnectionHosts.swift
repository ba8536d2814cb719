import Foundation

/// The servers a connection tries, read from its settings as libpq reads them, so that Voyage
/// looks each host name up itself (``HostLookup``, under the call's deadline) and hands libpq
/// the numeric address as `hostaddr`, the name kept as `host`. libpq then makes no lookup of its
/// own, and still uses the name to verify a certificate (`sslmode=verify-full`), to find the
/// password file's line, and in its messages.
///
/// libpq's lists keep their meaning. `host`, `hostaddr` and `port` (else `PGHOST`, `PGHOSTADDR`
/// and `PGPORT`) may each list one entry per server, tried in order; `port` may give one port
/// for all, and an empty `hostaddr` entry means "look the host up". A name with several
/// addresses becomes that many entries of the same name, in the resolver's order, as libpq tries
/// a name's addresses in turn. A name without an address is left out, as libpq skips it; when
/// none is left, the connection fails as libpq's would, naming the first host it could not
/// translate. Every name is looked up at once, before libpq starts.
///
/// Sockets (`/folder`, `@name`, or no host), numeric hosts and entries given a `hostaddr` need
/// no lookup. Lists that do not match (two hosts, three ports) are left for libpq to refuse in
/// its own words. Settings that name a service (`service`, `PGSERVICE`) are handed over as they
/// are: the service file, which Voyage does not read, may name the host, and libpq then looks
/// that one up itself, outside the deadline.
struct ConnectionHosts: Sendable, Equatable {
  /// One server libpq tries: its host (a name, a numeric address, a socket folder, or empty for
  /// the default socket), the address to use for it (empty: libpq reads the host itself), and
  /// its port (empty when one port, or none, is given for all).
  struct Entry: Sendable, Equatable {
    let host: String
    let address: String
    let port: String

    /// Whether libpq would look the host up: a name without an address.
    var needsLookup: Bool {
      guard address.isEmpty, !host.isEmpty, !host.hasPrefix("/"), !host.hasPrefix("@") else {
        return false
      }
      var bytes = [UInt8](repeating: 0, count: 16)
      return inet_pton(AF_INET, host, &bytes) != 1 && inet_pton(AF_INET6, host, &bytes) != 1
    }
  }

  /// The servers, in libpq's order.
  let entries: [Entry]
  /// Whether `port` lists one port per host, which a host repeated per address repeats.
  let portPerEntry: Bool

  /// The hosts of `settings`, `environment` filling what they leave out as libpq fills it (an
  /// empty setting counts as absent, as libpq counts it); `nil` when libpq makes no lookup for
  /// them, or when a service file may name them.
  init?(_ settings: [ConnectionString.Setting], environment: [String: String]) {
    func value(_ keyword: String, _ variable: String) -> [String]? {
      let given = settings.last { $0.keyword == keyword }?.value
      guard let text = given?.isEmpty == false ? given : environment[variable], !text.isEmpty
      else { return nil }
      return text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
    let service = settings.last { $0.keyword == "service" }?.value ?? environment["PGSERVICE"]
    guard service?.isEmpty ?? true, let hosts = value("host", "PGHOST") else { return nil }
    let addresses = value("hostaddr", "PGHOSTADDR")
    let ports = value("port", "PGPORT")
    if let addresses, addresses.count != hosts.count { return nil }
    if let ports, ports.count != 1, ports.count != hosts.count { return nil }
    portPerEntry = (ports?.count ?? 1) > 1
    entries = hosts.indices.map { index in
      Entry(
        host: hosts[index], address: addresses?[index] ?? "",
        port: (ports?.count ?? 1) > 1 ? ports?[index] ?? "" : "")
    }
    guard entries.contains(where: \.needsLookup) else { return nil }
  }

  /// The names to look up, each once, in the order libpq would reach them.
  var names: [String] {
    entries.filter(\.needsLookup).map(\.host).reduce(into: []) { names, name in
      if !names.contains(name) { names.append(name) }
    }
  }

  /// `settings` with `host`, `hostaddr` (and a per-host `port`) replaced by the entries, each
  /// name repeated for each of its `addresses`; `nil` when no entry is left (no name had one).
  func settings(_ settings: [ConnectionString.Setting], addresses: [String: [String]])
    -> [ConnectionString.Setting]?
  {
    let servers = entries.flatMap { entry in
      guard entry.needsLookup else { return [entry] }
      return (addresses[entry.host] ?? []).map {
        Entry(host: entry.host, address: $0, port: entry.port)
      }
    }
    guard !servers.isEmpty else { return nil }
    var replaced: [ConnectionString.Setting] = [
      .init(keyword: "host", value: servers.map(\.host).joined(separator: ",")),
      .init(keyword: "hostaddr", value: servers.map(\.address).joined(separator: ",")),
    ]
    if portPerEntry {
      replaced.append(.init(keyword: "port", value: servers.map(\.port).joined(separator: ",")))
    }
    let keywords = Set(replaced.map(\.keyword))
    return settings.filter { !keywords.contains($0.keyword) } + replaced
  }

  /// Looks every name up at once (with `resolve`, the system's resolver unless a test gives
  /// another) and returns the settings libpq is given. The answers are waited for by `deadline`,
  /// and no longer once `wait` is interrupted.
  func lookedUp(
    in settings: [ConnectionString.Setting], server: String, timeout: Duration,
    wait: InterruptibleWait, until deadline: ContinuousClock.Instant,
    resolve: @escaping @Sendable (String) -> HostLookup.Answer = HostLookup.system
  ) throws(PostgreSQLError) -> [ConnectionString.Setting] {
    let lookups = names.map { HostLookup($0, resolve: resolve) }
    var addresses: [String: [String]] = [:]
    var untranslated: [String] = []
    for lookup in lookups {
      switch lookup.answer(on: wait, until: deadline) {
      case .answered(.addresses(let found)):
        addresses[lookup.name] = found
      case .answered(.failed(let reason)):
        // libpq's own words, so the message is the one it gave before Voyage looked names up.
        untranslated.append(
          "could not translate host name \"\(lookup.name)\" to address: \(reason)")
      case .deadlinePassed:
        throw .lookupUnanswered(server: server, host: lookup.name, after: timeout)
      case .interrupted:
        throw .interrupted(server: server)
      }
    }
    guard let resolved = self.settings(settings, addresses: addresses) else {
      throw .unreachable(server: server, reason: untranslated.first ?? "no host has an address")
    }
    return resolved
  }
}
