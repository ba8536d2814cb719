import Dispatch
import Testing

@testable import PostgreSQL

/// Voyage looks the host names up itself and hands libpq each address as `hostaddr`, the name
/// kept as `host`, with libpq's lists keeping their meaning; what libpq makes no lookup for is
/// handed over untouched.
@Suite("Connection hosts")
struct ConnectionHostsTests {
  typealias Setting = ConnectionString.Setting

  static func hosts(_ text: String, environment: [String: String] = [:]) throws
    -> ConnectionHosts?
  {
    ConnectionHosts(try ConnectionString(text).settings, environment: environment)
  }

  @Test(arguments: [
    "host=/tmp/pg dbname=voyage",
    "postgresql:///voyage",
    "postgresql://ada@/voyage?host=/var/run/postgresql",
    "host=@abstract dbname=voyage",
    "postgresql://192.0.2.1:5433/voyage",
    "postgresql://[2001:db8::1]/voyage",
    "host=db.example hostaddr=192.0.2.1",
    "hostaddr=192.0.2.1",
    "host=/tmp,192.0.2.1 port=5432,5433",
    "host=db.example,db2.example port=1,2,3",
    "host=db.example,db2.example hostaddr=192.0.2.1",
    "service=ledger host=db.example",
  ])
  func nothingLibpqLooksUpIsTouched(text: String) throws {
    #expect(try Self.hosts(text) == nil)
  }

  @Test func aServiceInTheEnvironmentLeavesTheHostsToLibpq() throws {
    #expect(try Self.hosts("host=db.example", environment: ["PGSERVICE": "ledger"]) == nil)
  }

  @Test func aNameBecomesOneEntryPerAddressWithTheNameKept() throws {
    let text = "postgresql://ada@db.example:6543/voyage?sslmode=verify-full"
    let hosts = try #require(try Self.hosts(text))
    #expect(hosts.names == ["db.example"])
    let settings = try #require(
      hosts.settings(
        try ConnectionString(text).settings,
        addresses: ["db.example": ["192.0.2.1", "2001:db8::1"]]))
    #expect(
      settings == [
        Setting(keyword: "user", value: "ada"), Setting(keyword: "port", value: "6543"),
        Setting(keyword: "dbname", value: "voyage"),
        Setting(keyword: "sslmode", value: "verify-full"),
        Setting(keyword: "host", value: "db.example,db.example"),
        Setting(keyword: "hostaddr", value: "192.0.2.1,2001:db8::1"),
      ])
  }

  @Test func aListKeepsItsOrderItsPortsAndItsSockets() throws {
    let text = "host=/tmp/pg,db.example,192.0.2.9,db2.example port=1,2,3,4 hostaddr=,,,192.0.2.4"
    let hosts = try #require(try Self.hosts(text))
    #expect(hosts.names == ["db.example"])
    let settings = try #require(
      hosts.settings(
        try ConnectionString(text).settings,
        addresses: ["db.example": ["192.0.2.1", "192.0.2.2"]]))
    #expect(
      settings.filter { $0.keyword != "dbname" } == [
        Setting(keyword: "host", value: "/tmp/pg,db.example,db.example,192.0.2.9,db2.example"),
        Setting(keyword: "hostaddr", value: ",192.0.2.1,192.0.2.2,,192.0.2.4"),
        Setting(keyword: "port", value: "1,2,2,3,4"),
      ])
  }

  @Test func aNameWithoutAnAddressIsLeftOutAsLibpqSkipsIt() throws {
    let text = "host=nowhere.example,db.example"
    let hosts = try #require(try Self.hosts(text))
    #expect(hosts.names == ["nowhere.example", "db.example"])
    let settings = try ConnectionString(text).settings
    #expect(
      hosts.settings(settings, addresses: ["db.example": ["192.0.2.1"]])
        == [
          Setting(keyword: "host", value: "db.example"),
          Setting(keyword: "hostaddr", value: "192.0.2.1"),
        ])
    #expect(hosts.settings(settings, addresses: [:]) == nil)
  }

  /// libpq reads `PGHOST`, `PGHOSTADDR` and `PGPORT` for what the string leaves out (an empty
  /// setting counts as left out), and so does Voyage.
  @Test func theEnvironmentFillsWhatTheStringLeavesOut() throws {
    let environment = ["PGHOST": "db.example,/tmp/pg", "PGPORT": "5433,5434"]
    let hosts = try #require(try Self.hosts("host='' dbname=voyage", environment: environment))
    #expect(hosts.names == ["db.example"])
    #expect(
      hosts.settings([], addresses: ["db.example": ["192.0.2.1", "192.0.2.2"]]) == [
        Setting(keyword: "host", value: "db.example,db.example,/tmp/pg"),
        Setting(keyword: "hostaddr", value: "192.0.2.1,192.0.2.2,"),
        Setting(keyword: "port", value: "5433,5433,5434"),
      ])
    #expect(try Self.hosts("host=/tmp/pg", environment: ["PGHOST": "db.example"]) == nil)
  }

  // MARK: - Looking up, under the deadline

  static let later = ContinuousClock.now + .seconds(300)

  @Test func aNameThatDoesNotResolveFailsInLibpqsWords() throws {
    let hosts = try #require(try Self.hosts("host=nowhere.example"))
    #expect {
      try hosts.lookedUp(
        in: [], server: "S", timeout: .seconds(2), wait: InterruptibleWait(), until: Self.later
      ) { _ in .failed(reason: "Name or service not known") }
    } throws: { error in
      error as? PostgreSQLError
        == .unreachable(
          server: "S",
          reason:
            #"could not translate host name "nowhere.example" to address: Name or service not known"#
        )
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func aNameNoServerAnswersEndsAtTheDeadlineNamingIt() throws {
    let hosts = try #require(try Self.hosts("host=db.example"))
    let gate = DispatchSemaphore(value: 0)
    defer { gate.signal() }
    #expect {
      try hosts.lookedUp(
        in: [], server: "S", timeout: .seconds(2), wait: InterruptibleWait(),
        until: .now + .milliseconds(50)
      ) { _ in
        gate.wait()
        return .addresses(["192.0.2.1"])
      }
    } throws: { error in
      guard let error = error as? PostgreSQLError else { return false }
      return error == .lookupUnanswered(server: "S", host: "db.example", after: .seconds(2))
        && "\(error)".contains("'db.example' within 2 s")
    }
  }

  @Test(.timeLimit(.minutes(1)))
  func anInterruptionEndsTheLookupsAtOnce() throws {
    let hosts = try #require(try Self.hosts("host=db.example"))
    let (entered, gate) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
    defer { gate.signal() }
    let wait = InterruptibleWait()
    DispatchQueue.global().async {
      entered.wait()
      wait.interrupt()
    }
    let held: @Sendable (String) -> HostLookup.Answer = { _ in
      entered.signal()
      gate.wait()
      return .addresses(["192.0.2.1"])
    }
    #expect {
      try hosts.lookedUp(
        in: [], server: "S", timeout: .seconds(2), wait: wait, until: Self.later, resolve: held)
    } throws: { error in
      error as? PostgreSQLError == .interrupted(server: "S")
    }
  }
}
