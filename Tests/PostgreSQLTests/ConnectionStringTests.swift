import Testing

@testable import PostgreSQL

/// Voyage reads connection strings itself: every form libpq takes, and never a piece of the
/// string in a message.
@Suite("Connection strings")
struct ConnectionStringTests {
  typealias Setting = ConnectionString.Setting

  @Test(arguments: [
    (
      "postgresql://ada:pa%40ss%2Fw@db.example:6543/voy%20age?sslmode=require&application_name=x",
      [
        Setting(keyword: "user", value: "ada"), Setting(keyword: "password", value: "pa@ss/w"),
        Setting(keyword: "host", value: "db.example"), Setting(keyword: "port", value: "6543"),
        Setting(keyword: "dbname", value: "voy age"), Setting(keyword: "sslmode", value: "require"),
        Setting(keyword: "application_name", value: "x"),
      ]
    ),
    (
      "postgres://[::1]:5433/voyage",
      [
        Setting(keyword: "host", value: "::1"), Setting(keyword: "port", value: "5433"),
        Setting(keyword: "dbname", value: "voyage"),
      ]
    ),
    (
      "postgresql:///voyage?host=/tmp/pg&password=p%26w&password=later",
      [
        Setting(keyword: "dbname", value: "voyage"), Setting(keyword: "host", value: "/tmp/pg"),
        Setting(keyword: "password", value: "later"),
      ]
    ),
    (
      "POSTGRESQL://%2Fvar%2Frun%2Fpostgresql,db.example:5433/voyage",
      [
        Setting(keyword: "host", value: "/var/run/postgresql,db.example"),
        Setting(keyword: "port", value: ",5433"), Setting(keyword: "dbname", value: "voyage"),
      ]
    ),
    (
      #"host=/tmp/pg  dbname = voyage password='a b\'c' user=ada\ lovelace"#,
      [
        Setting(keyword: "host", value: "/tmp/pg"), Setting(keyword: "dbname", value: "voyage"),
        Setting(keyword: "password", value: "a b'c"),
        Setting(keyword: "user", value: "ada lovelace"),
      ]
    ),
  ])
  func everyFormLibpqTakesIsReadAndDecoded(text: String, settings: [Setting]) throws {
    #expect(try ConnectionString(text).settings == settings)
  }

  @Test(arguments: [
    (
      "postgresql://ada:x@db.example:6543/voyage",
      "the PostgreSQL database 'voyage' at db.example:6543"
    ),
    ("postgresql://ada@[::1]/voyage", "the PostgreSQL database 'voyage' at [::1]:5432"),
    (
      "host=/tmp/pg dbname=voyage port=5433",
      "the PostgreSQL database 'voyage' at the socket /tmp/pg/.s.PGSQL.5433"
    ),
    ("postgresql://ada@h1,h2:6000/", "the PostgreSQL database 'ada' at h1:5432 or h2:6000"),
  ])
  func theServerIsNamedFromVoyagesOwnReading(text: String, name: String) throws {
    #expect(ConnectionSettings.name(of: try ConnectionString(text), environment: [:]) == name)
  }

  /// Each string holds the password `SECRETPW` in a way that once reached a message: a `/` or an
  /// `@` left unencoded in it, a bracket left open, a word without `=`, a quote left open, a
  /// parameter without `=`, a scheme libpq does not take. Read by Voyage, each is refused with
  /// a reason that holds no piece of it (nor of the user's name or the host); read, the server's
  /// name holds none either.
  @Test(arguments: [
    "postgresql://voy:SEC/RETPW@127.0.0.1:55432/voyage",
    "postgresql://voy:SEC@RETPW@127.0.0.1:55432/voyage",
    "postgresql://voy@[::1/voyage?password=SECRETPW",
    "postgresql://voy:12345/SECRETPW@db.example/voyage",
    "postgresql://voy:SECRETPW@db.example#RETPW/voyage",
    "postgresql://voy:SECRETPW@/voyage?host=/tmp/pg&SECRETPW",
    "postgresql://voy:SECRETPW@db.example:5x432/voyage",
    "postgresql://voy:SEC%zzRETPW@db.example/voyage",
    "host=/tmp/pg password=SEC RETPW dbname=voyage",
    "host=/tmp/pg password='SECRETPW",
    "host=/tmp/pg SECRETPW=1",
    "mysql://voy:SECRETPW@db.example/voyage",
    "SECRETPW",
  ])
  func aHostileStringIsRefusedWithoutAPieceOfItsPassword(text: String) {
    do {
      let parsed = try ConnectionString(text)
      Issue.record("read as \(parsed.settings.map(\.keyword))")
    } catch {
      for piece in ["SEC", "RETPW", "voy", "127.0.0.1", "db.example", "12345"] {
        #expect(!error.reason.contains(piece), "\(error.reason)")
      }
      #expect(!error.reason.isEmpty)
    }
  }

  @Test(arguments: [
    "postgresql://voy:SECRETPW@db.example/voyage",
    "postgresql://voy@db.example/v?password=SECRETPW",
    "host=db.example password='SECRETPW' dbname=voyage", "postgresql://voy:SECRET%2FPW@db/voyage",
  ])
  func aReadablePasswordIsASecretAndNotPartOfTheServersName(text: String) throws {
    let parsed = try ConnectionString(text)
    let name = ConnectionSettings.name(of: parsed, environment: [:])
    #expect(!name.contains("SECRET") && !name.contains("PW"), "\(name)")
    #expect(parsed.secrets.count == 1 && parsed.secrets.allSatisfy { $0.hasPrefix("SECRET") })
  }

  @Test func everyKeywordOfTheInstalledLibpqIsKnownAndItsPasswordsAreSecrets() {
    for keyword in ["host", "hostaddr", "port", "dbname", "user", "options", "sslmode"] {
      #expect(ConnectionString.keywords.contains(keyword))
    }
    #expect(ConnectionString.secretKeywords.isSuperset(of: ["password", "sslpassword"]))
  }

  /// libpq's and the server's text is scrubbed of whole secrets only: a password that is a
  /// letter, or a word found inside libpq's words, leaves every word whole; a secret that stands
  /// alone in the text is replaced.
  @Test(arguments: [
    ("e", "connection to server on socket \"/x/.s.PGSQL.5432\" failed: No such file or directory"),
    ("on", "connection to server on socket \"/x/.s.PGSQL.5432\" failed"),
    ("connect", "could not connection to server: connecting failed"),
    ("Sup3rSecretPw9", "password authentication failed for user \"Sup3rSecretPw9x\""),
  ])
  func aSecretInsideAWordOrShorterThanFourIsNeverReplaced(password: String, text: String)
    throws
  {
    let settings = try ConnectionSettings(
      connectionString: "host=/x dbname=voyage password=\(password)", deadline: .seconds(1),
      schema: nil)
    #expect(settings.redacting(text) == text)
  }

  @Test func aSecretThatStandsAloneIsReplaced() throws {
    let settings = try ConnectionSettings(
      connectionString: "host=/x dbname=voyage password=Sup3rSecretPw9", deadline: .seconds(1),
      schema: nil)
    #expect(
      settings.redacting(#"role "Sup3rSecretPw9" does not exist; Sup3rSecretPw9."#)
        == #"role "•••" does not exist; •••."#)
  }
}
